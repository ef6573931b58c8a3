/**
 * Chooses the backends from the configuration. Content: Sanity when SANITY_PROJECT_ID is set,
 * otherwise the embedded SQLite store seeded from content/production.ndjson. Leads: PostgreSQL
 * when DATABASE_URL is set (whatever the content backend), else the content backend's own kind
 * (Sanity's private dataset, or an embedded database of their own).
 */
import path from 'node:path';
import type pg from 'pg';
import type { SanityConfig, ServerConfig } from '../config';
import { EMBEDDED_IMAGE_CONFIG, type ImageConfig } from '../../sanity/image';
import { openPostgres } from '../postgres/index';
import { openEmbeddedStore } from './embedded';
import { openPostgresDocumentStore } from './postgres';
import { createSanitySource } from './sanity';
import type { ContentSource, SanityDocument } from './types';

export type ContentSources = {
  /** The public content dataset. */
  content: ContentSource;
  /** Leads: PostgreSQL, a private dataset, or (embedded) a database of their own — never the content one. */
  leads: ContentSource;
  /** The content backend. */
  mode: 'sanity' | 'embedded';
  /** Where the leads are: `postgres` whenever DATABASE_URL is set. */
  leadsBackend: 'postgres' | 'sanity' | 'embedded';
  /** The PostgreSQL pool (DATABASE_URL), shared by the stores that live there; its owner ends it after closing them. */
  database?: pg.Pool;
  imageConfig: ImageConfig;
};

const SANITY_CDN = 'https://cdn.sanity.io';

export type ContentSourceOptions = {
  /** Documents a new embedded leads database starts with (the leads module's demo visit slots). */
  leadsSeed?: () => SanityDocument[];
};

export async function createContentSources(
  config: Pick<ServerConfig, 'dataDir' | 'sanity' | 'database'>,
  options: ContentSourceOptions = {},
): Promise<ContentSources> {
  if (!config.database) {
    const { leads, ...sources } = await openContent(config, options);
    return { ...sources, leads: leads!, leadsBackend: sources.mode };
  }
  const database = await openPostgres(config.database);
  try {
    const leads = await openPostgresDocumentStore({ pool: database, seedDocuments: options.leadsSeed?.() });
    try {
      // Leads never go to a Sanity dataset (nor an embedded database) beside PostgreSQL.
      return { ...(await openContent(config, { withoutLeads: true })), leads, leadsBackend: 'postgres', database };
    } catch (error) {
      await leads.close();
      throw error;
    }
  } catch (error) {
    await database.end();
    throw error;
  }
}

/** Content from Sanity or the embedded store, and leads beside it unless `withoutLeads`. */
async function openContent(
  config: Pick<ServerConfig, 'dataDir' | 'sanity'>,
  options: ContentSourceOptions & { withoutLeads?: boolean },
): Promise<Pick<ContentSources, 'content' | 'mode' | 'imageConfig'> & { leads?: ContentSource }> {
  const { sanity } = config;
  if (sanity) {
    const shared = { ...sanityConnection(sanity), cacheTtlMs: sanity.cacheTtlMs };
    return {
      content: createSanitySource({
        ...shared,
        dataset: sanity.dataset,
        useCdn: sanity.useCdn,
        // Published content is public: read with the Viewer token when there is one, else anonymously.
        readToken: sanity.viewerToken ?? null,
        preview: { token: sanity.viewerToken, studioUrl: sanity.studioUrl },
      }),
      // Leads are read back right after they are written: no CDN, no cache.
      leads: options.withoutLeads ? undefined : createSanitySource({ ...shared, dataset: sanity.leadsDataset, useCdn: false, cacheTtlMs: 0 }),
      mode: 'sanity',
      imageConfig: { projectId: sanity.projectId, dataset: sanity.dataset, baseUrl: SANITY_CDN },
    };
  }
  const content = await openEmbeddedStore({
    file: path.join(config.dataDir, 'content.sqlite'),
    seedFile: path.resolve('content/production.ndjson'),
    rootDir: process.cwd(),
  });
  if (options.withoutLeads) return { content, mode: 'embedded', imageConfig: EMBEDDED_IMAGE_CONFIG };
  try {
    const leads = await openEmbeddedStore({
      file: leadsDatabaseFile(config.dataDir),
      // Personal data: a deleted or purged lead must not stay readable in the file.
      secureDelete: true,
      seedDocuments: options.leadsSeed?.(),
    });
    return { content, leads, mode: 'embedded', imageConfig: EMBEDDED_IMAGE_CONFIG };
  } catch (error) {
    await content.close();
    throw error;
  }
}

/** The embedded leads database (read directly, in SQL, by the console's lead reads). */
export function leadsDatabaseFile(dataDir: string): string {
  return path.join(dataDir, 'leads.sqlite');
}

/**
 * The Sanity project, API version and token of a client, and its host only when one is
 * configured: a client given `apiHost: undefined` loses its default host and cannot start.
 */
export function sanityConnection(sanity: SanityConfig) {
  return {
    projectId: sanity.projectId,
    apiVersion: sanity.apiVersion,
    token: sanity.token,
    ...(sanity.apiHost ? { apiHost: sanity.apiHost, useProjectHostname: false } : {}),
  };
}
