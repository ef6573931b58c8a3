/**
 * Studio settings from the environment. The placeholder project id lets `sanity build`, schema
 * extraction and typegen run offline and in CI; a real deployment sets SANITY_STUDIO_PROJECT_ID.
 */
export const PLACEHOLDER_PROJECT_ID = 'your-project-id';

export const projectId = process.env.SANITY_STUDIO_PROJECT_ID || PLACEHOLDER_PROJECT_ID;
export const dataset = process.env.SANITY_STUDIO_DATASET || 'production';

/**
 * `sanity deploy` without prompting: the Studio's application id (printed by the first deploy),
 * or before it exists the hostname to create (<host>.sanity.studio).
 */
export const studioAppId = process.env.SANITY_STUDIO_APP_ID || undefined;
export const studioHostname = process.env.SANITY_STUDIO_HOSTNAME || undefined;

/** The site the Presentation tool shows (its origin); preview needs the site's SANITY_* settings too. */
export const previewOrigin = process.env.SANITY_STUDIO_PREVIEW_ORIGIN || 'http://localhost:3000';
