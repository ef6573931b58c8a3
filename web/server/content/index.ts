/**
 * Chooses the backends from the configuration. Content: Sanity when SANITY_PROJECT_ID is set,
 * otherwise the embedded SQLite store seeded from content/production.ndjson. Leads never go to
 * Sanity (a dataset is not a permission boundary for personal data): PostgreSQL when DATABASE_URL
 * is set, else the embedded leads database (leads.sqlite in DATA_DIR), whatever the content backend.
 */
import path from 'node:path';
import type pg from 'pg';
import type { SanityConfig, ServerConfig } from '../config';
import { EMBEDDED_IMAGE_CONFIG, type ImageConfig } from '../../sanity/image';
import { carryPressViewDocuments } from '../database/documents-move';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../database/index';
import { carryMessageLogFile } from '../database/message-log-file';
import { migrateWhenReachable, openPostgres } from '../postgres/index';
import { DependencyState, isConnectionError } from '../observability/dependency-state';
import { errorField, log } from '../observability/log';
import { openEmbeddedStore } from './embedded';
import { createSanitySource } from './sanity';
import type { ContentSource } from './types';

export type ContentSources = {
  /** The public content dataset. */
  content: ContentSource;
  /** The content backend. */
  mode: 'sanity' | 'embedded';
  /** Where the leads are: `postgres` whenever DATABASE_URL is set, else `embedded` (leads.sqlite). */
  leadsBackend: 'postgres' | 'embedded';
  /** The sales tables: in PostgreSQL with DATABASE_URL, else in the embedded leads database. */
  sales: SalesDatabase;
  /** The PostgreSQL pool (DATABASE_URL), shared by the stores that live there; its owner ends it after closing them. */
  database?: pg.Pool;
  /** Stops waiting for a database that was not reachable at start (its migrations not yet run). */
  stopWaiting?: () => void;
  imageConfig: ImageConfig;
};

const SANITY_CDN = 'https://cdn.sanity.io';

/** Whether this process reaches PostgreSQL (DATABASE_URL), as its stores last found it. */
export const databaseState = new DependencyState('postgres');

export type ContentSourceOptions = {
  /** What a new embedded sales database starts with (the leads module's demo visit slots). */
  seedEmbeddedSales?: (sales: SalesDatabase) => Promise<unknown>;
  /**
   * PostgreSQL not reachable: open anyway and connect once it is (the server, which serves pages
   * meanwhile), or fail with a Korean + English line (the default: the CLIs).
   */
  waitForDatabase?: boolean;
};

export async function createContentSources(
  config: Pick<ServerConfig, 'dataDir' | 'sanity' | 'database'>,
  options: ContentSourceOptions = {},
): Promise<ContentSources> {
  const postgres = config.database ? openPostgres(config.database, databaseState) : undefined;
  const database = postgres?.pool;
  try {
    // PostgreSQL's tables are brought up to date before the first read; one not reachable yet is
    // waited for in the background (the server) or refused (the CLIs).
    const stopWaiting = postgres
      ? await migrateWhenReachable(postgres.migrate, databaseState, options.waitForDatabase ?? false).catch((error: unknown) => {
          if (!isConnectionError(error)) throw error;
          // The URL is not repeated: it may carry the password.
          throw new Error(`PostgreSQL(DATABASE_URL)에 연결하지 못했습니다 / PostgreSQL (DATABASE_URL) could not be reached: ${(error as Error).message}`, { cause: error });
        })
      : undefined;
    const sales = database ? salesDatabaseOnPostgres(database) : await openEmbeddedSalesDatabase(config.dataDir);
    try {
      const content = await openContent(config);
      if (!database) {
        await options.seedEmbeddedSales?.(sales);
        // A file that cannot be read stays where it is, and is tried again at the next start.
        const carried = await carryMessageLogFile(sales, path.join(config.dataDir, 'messages.sqlite')).catch((error: unknown) => {
          log.warn({ err: errorField(error) }, 'the messages log file of an older release not moved into the leads database this time');
          return 0;
        });
        if (carried > 0) log.info({ rows: carried }, 'the messages log file of an older release moved into the leads database');
      }
      // The embedded dataset is a local file: an older one's view counts are carried over at start (Sanity's by
      // db:migrate). A database still away is no reason not to serve pages: they are carried at a later start.
      if (content.mode === 'embedded') {
        await carryPressViewDocuments(content.content, sales).catch((error: unknown) =>
          log.warn({ err: errorField(error) }, 'press view counts of the embedded dataset not carried over this time'),
        );
      }
      return { ...content, sales, leadsBackend: database ? 'postgres' : 'embedded', database, stopWaiting };
    } catch (error) {
      stopWaiting?.();
      await sales.close();
      throw error;
    }
  } catch (error) {
    await database?.end();
    throw error;
  }
}

/** Closes every store of the sources, then ends the PostgreSQL pool they share. */
export async function closeContentSources(sources: ContentSources): Promise<void> {
  sources.stopWaiting?.();
  await Promise.all([sources.content.close(), sources.sales.close()]);
  await sources.database?.end();
}

/** Content from Sanity or the embedded store. */
export async function openContent(config: Pick<ServerConfig, 'dataDir' | 'sanity'>): Promise<Pick<ContentSources, 'content' | 'mode' | 'imageConfig'>> {
  const { sanity } = config;
  if (sanity) {
    return {
      content: createSanitySource({
        ...sanityConnection(sanity),
        cacheTtlMs: sanity.cacheTtlMs,
        dataset: sanity.dataset,
        useCdn: sanity.useCdn,
        // Published content is public: read with the Viewer token when there is one, else anonymously.
        readToken: sanity.viewerToken ?? null,
        preview: { token: sanity.viewerToken, studioUrl: sanity.studioUrl },
      }),
      mode: 'sanity',
      imageConfig: { projectId: sanity.projectId, dataset: sanity.dataset, baseUrl: SANITY_CDN },
    };
  }
  const content = await openEmbeddedStore({
    file: path.join(config.dataDir, 'content.sqlite'),
    seedFile: path.resolve('content/production.ndjson'),
    rootDir: process.cwd(),
  });
  return { content, mode: 'embedded', imageConfig: EMBEDDED_IMAGE_CONFIG };
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
