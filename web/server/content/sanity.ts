/**
 * The Sanity content backend: reads through @sanity/client with the published perspective and a
 * short TTL cache (purged by the webhook), writes with the server-only token.
 *
 * Reads go through the API CDN, except for a minute after the site's own write or a webhook purge:
 * the CDN may still hold the answer from before the change, and the cache here would keep that
 * stale answer for another TTL. A write that touches only some document types (an admin's press
 * post) purges and reads fresh only the queries that name those types.
 */
import {
  ClientError,
  createClient,
  type FilterDefault,
  ServerError,
  type Mutation as SanityClientMutation,
  type SanityClient,
} from '@sanity/client';
import { LRUCache } from 'lru-cache';
import { deepFreeze, writtenTypes } from './mutations';
import {
  ContentAccessDeniedError,
  ContentReadError,
  ContentUnavailableError,
  MutationError,
  type ContentSource,
  type Mutation,
  type MutationResult,
  type PreviewPerspective,
  type QueryParams,
  type QueryResult,
} from './types';

export type SanitySourceOptions = {
  projectId: string;
  dataset: string;
  apiVersion: string;
  /** Write token (server-only): writes, and reads too unless `readToken` is given. */
  token?: string;
  /**
   * Read-only token for published reads (a Viewer token, or none for a public dataset): the write
   * token never goes to the API CDN, which keys its cache by token.
   */
  readToken?: string | null;
  useCdn?: boolean;
  /** Another API host, e.g. a local stub: `http://127.0.0.1:PORT`. */
  apiHost?: string;
  /** How long a query result is reused; 0 disables the cache. Default 30 s. */
  cacheTtlMs?: number;
  /** Retries of failed reads (Sanity's client default is 5). */
  maxRetries?: number;
  /**
   * Preview (drafts perspective): the read token drafts need (a Viewer token; the write token
   * when unset) and the Studio's URL, with which strings are stega-encoded for visual editing.
   */
  preview?: { token?: string; studioUrl?: string };
};

const DEFAULT_CACHE_TTL_MS = 30_000;
/** How long after a write or a purge reads skip the CDN (longer than the CDN needs to catch up). */
export const FRESH_READ_WINDOW_MS = 60_000;
const CACHE_ENTRIES = 500;

export function createSanitySource(options: SanitySourceOptions): ContentSource {
  const base = createClient({
    projectId: options.projectId,
    dataset: options.dataset,
    apiVersion: options.apiVersion,
    token: options.token,
    useCdn: false,
    ...(options.apiHost ? { apiHost: options.apiHost, useProjectHostname: false } : {}),
    ...(options.maxRetries === undefined ? {} : { maxRetries: options.maxRetries }),
  });
  const readConfig = options.readToken === undefined ? {} : { token: options.readToken ?? undefined };
  const readClient = base.withConfig({ ...readConfig, useCdn: options.useCdn ?? true, perspective: 'published' });
  const freshReadClient = base.withConfig({ ...readConfig, useCdn: false, perspective: 'published' });
  const writeClient = base.withConfig({ useCdn: false });
  const studioUrl = options.preview?.studioUrl;
  const draftsClient = base.withConfig({
    useCdn: false,
    perspective: 'drafts',
    ...(options.preview?.token ? { token: options.preview.token } : {}),
    ...(studioUrl ? { stega: { enabled: true, studioUrl, filter: shownAsText } } : {}),
  });
  return new SanityContentSource(readClient, freshReadClient, writeClient, draftsClient, options.cacheTtlMs ?? DEFAULT_CACHE_TTL_MS);
}

class SanityContentSource implements ContentSource {
  private readonly cache = new LRUCache<string, { expiresAt: number; result: Promise<unknown> }>({
    max: CACHE_ENTRIES,
  });
  // Bumped by invalidate(): a request started before a purge must not refill the cache.
  private generation = 0;
  /** Purges (webhook, writes of unknown scope) and writes of known types, for changeVersion. */
  private purges = 0;
  private typedWrites = 0;
  /** Until then every read skips the CDN (after a purge or a write of unknown scope). */
  private freshUntil = 0;
  /** Document type → until when reads of queries naming it skip the CDN. */
  private readonly freshTypes = new Map<string, number>();

  constructor(
    private readonly readClient: SanityClient,
    private readonly freshReadClient: SanityClient,
    private readonly writeClient: SanityClient,
    private readonly draftsClient: SanityClient,
    private readonly cacheTtlMs: number,
  ) {}

  /**
   * Reads with the drafts perspective, or the one given (and stega when a Studio URL is set),
   * from the API with the preview's token, never cached.
   */
  drafts(perspective: PreviewPerspective = 'drafts'): ContentSource {
    const client = perspective === 'drafts' ? this.draftsClient : this.draftsClient.withConfig({ perspective: typeof perspective === 'string' ? perspective : [...perspective] });
    return {
      fetch: (query, params = {}) =>
        client.fetch(query, params).then(
          (value) => deepFreeze(value) as never,
          (error: unknown) => {
            throw toReadError(error);
          },
        ),
      mutate: (mutations, options) => this.mutate(mutations, options),
      invalidate: (types) => this.invalidate(types),
      changeVersion: () => this.changeVersion(),
      drafts: (other) => this.drafts(other),
      close: async () => undefined,
    };
  }

  fetch<const Query extends string>(query: Query, params: QueryParams = {}): Promise<QueryResult<Query>> {
    const key = `${query}\u0000${JSON.stringify(params)}`;
    const cached = this.cache.get(key);
    if (cached && cached.expiresAt > Date.now()) return cached.result as Promise<QueryResult<Query>>;
    const generation = this.generation;
    const result = this.read<QueryResult<Query>>(query, params)
      .then((value) => deepFreeze(value))
      .catch((error: unknown) => {
        if (generation === this.generation) this.cache.delete(key);
        throw toReadError(error);
      });
    // Concurrent identical queries share the request in flight.
    if (this.cacheTtlMs > 0) this.cache.set(key, { expiresAt: Date.now() + this.cacheTtlMs, result });
    return result;
  }

  private read<T>(query: string, params: QueryParams): Promise<T> {
    if (this.readsFresh(query)) return this.freshReadClient.fetch<T>(query, params);
    // The cache here already adds up to a TTL of age: the CDN must not add stale answers to it.
    return this.readClient.fetch<T>(query, params, { cacheMode: 'noStale' });
  }

  private readsFresh(query: string): boolean {
    const now = Date.now();
    if (now < this.freshUntil) return true;
    for (const [type, until] of this.freshTypes) {
      if (until <= now) this.freshTypes.delete(type);
      else if (namesType(query, type)) return true;
    }
    return false;
  }

  async mutate(mutations: Mutation[], options: { transactionId?: string } = {}): Promise<MutationResult> {
    try {
      // Our Mutation type is Sanity's wire format; the client's type is only stricter about generics.
      const response = await this.writeClient.mutate(mutations as SanityClientMutation[], {
        returnDocuments: false,
        visibility: 'sync',
        ...(options.transactionId ? { transactionId: options.transactionId } : {}),
      });
      this.invalidate(writtenTypes(mutations) ?? undefined);
      return { transactionId: response.transactionId, results: response.results } as MutationResult;
    } catch (error) {
      throw toContentError(error);
    }
  }

  /**
   * Webhook purge: drop every cached result and read past the CDN for a minute. With `types` (a
   * write by this instance or another that touched only them), only the queries naming them.
   */
  invalidate(types?: ReadonlySet<string>): void {
    if (!types) {
      this.purges += 1;
      this.generation += 1;
      this.cache.clear();
      this.freshUntil = Date.now() + FRESH_READ_WINDOW_MS;
      return;
    }
    this.generation += 1;
    const until = Date.now() + FRESH_READ_WINDOW_MS;
    for (const type of types) this.freshTypes.set(type, until);
    this.typedWrites += 1;
    for (const key of [...this.cache.keys()]) if ([...types].some((type) => namesType(key, type))) this.cache.delete(key);
  }

  /**
   * Edits made in the Studio reach this server only through the webhook (a purge); without one,
   * pages built from them are as old as the cache TTL allows.
   */
  changeVersion(): string {
    return `${this.purges}:${this.typedWrites}`;
  }

  async close(): Promise<void> {
    this.invalidate();
  }
}

/**
 * Fields that only ever go into the head, URLs or attributes (SEO, verification, addresses,
 * identifiers): never encoded, so their zero-width characters neither reach crawlers' tags nor
 * swell a preview's page and its hydration data. Everything else as @sanity/client decides.
 */
const NEVER_SHOWN_AS_TEXT = new Set(['seo', 'defaultSeo', 'naverSiteVerification', 'siteUrl', 'pressSiteSlug', 'path']);

const shownAsText: FilterDefault = (props) =>
  !props.sourcePath.some((segment) => typeof segment === 'string' && NEVER_SHOWN_AS_TEXT.has(segment)) && props.filterDefault(props);

function namesType(query: string, type: string): boolean {
  return query.includes(`"${type}"`);
}

// Refusals that say nothing about the input: a bad or expired token, a timeout, rate limiting.
// Retrying later (after an operator fixes the token) can succeed, so they count as "unavailable".
const RETRYABLE_CLIENT_STATUSES = new Set([401, 403, 408, 429]);

/** A refused read (a GROQ error, a perspective the API version does not know) becomes a ContentReadError. */
function toReadError(error: unknown): Error {
  if (error instanceof ClientError && !RETRYABLE_CLIENT_STATUSES.has(error.statusCode)) {
    return new ContentReadError(`Sanity refused the query (HTTP ${error.statusCode}): ${error.message}`, error.statusCode, { cause: error });
  }
  return toContentError(error);
}

/** A refused mutation becomes a MutationError; anything else means Sanity is unavailable. */
function toContentError(error: unknown): Error {
  if (error instanceof ClientError && !RETRYABLE_CLIENT_STATUSES.has(error.statusCode)) {
    const status = error.statusCode === 409 || error.statusCode === 404 ? error.statusCode : 400;
    return new MutationError(error.message, status);
  }
  if (error instanceof ClientError && (error.statusCode === 401 || error.statusCode === 403)) {
    return new ContentAccessDeniedError(
      `Sanity refused the API token (HTTP ${error.statusCode}): check SANITY_API_TOKEN and its write access`,
      { cause: error },
    );
  }
  if (error instanceof ClientError || error instanceof ServerError) {
    return new ContentUnavailableError(`Sanity answered ${error.statusCode}: ${error.message}`, { cause: error });
  }
  return new ContentUnavailableError(`Sanity is unreachable: ${(error as Error)?.message ?? String(error)}`, {
    cause: error,
  });
}
