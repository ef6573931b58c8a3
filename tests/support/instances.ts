/**
 * The environment two instances of the site share in the multi-instance tests: one PostgreSQL
 * database, one Content Lake stand-in (read without the CDN; an edit shows only through the
 * webhook, the content cache living an hour), one admin sign-in and the secrets every instance
 * must agree on.
 */
import { EDITOR_TOKEN, type ContentLake } from './content-lake';
import { hashTestPassword } from './passwords';

export type SharedInstanceEnv = { databaseUrl: string; sanity: ContentLake; apiHost: string; email: string; password: string; webhookSecret: string };

export async function sharedInstanceEnv({ databaseUrl, sanity, apiHost, email, password, webhookSecret }: SharedInstanceEnv): Promise<Record<string, string>> {
  return {
    DATABASE_URL: databaseUrl,
    SANITY_PROJECT_ID: sanity.projectId,
    SANITY_API_HOST: apiHost,
    SANITY_API_TOKEN: EDITOR_TOKEN,
    SANITY_USE_CDN: 'false',
    SANITY_WEBHOOK_SECRET: webhookSecret,
    CONTENT_CACHE_TTL_MS: '3600000',
    ADMIN_EMAIL: email,
    ADMIN_PASSWORD_HASH: await hashTestPassword(password),
    SESSION_SECRET: 'session-secret-shared-by-both-instances-0123',
  };
}
