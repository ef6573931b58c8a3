/**
 * Rendered pages kept in memory for anonymous visitors: one entry per page address (path and
 * query), valid for one content version, with its brotli and gzip forms made once, bounded by
 * bytes (least recently used first out) and by age.
 *
 * The age bound covers what changes without a content change: the visit slots a booking fills,
 * the day turning in Seoul (today's slots drop off), a banner's schedule. Content changes
 * (an edit, a new article, a purge) change the version, so they show on the very next request.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** 64 MB: the whole site (≈ 40 pages × ≈ 150 KB with both compressed forms) many times over. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** See the module comment: how stale slot availability or a schedule may be. */
export const PAGE_CACHE_MAX_AGE_MS = 30_000;

export type PageEncoding = 'br' | 'gzip' | 'identity';

export type CachedPage = {
  /** The content version it was rendered from. */
  version: string;
  /** Response headers of the page (type, CSP, the route's own), none of them per visitor. */
  headers: ReadonlyArray<[string, string]>;
  bodies: Readonly<Record<PageEncoding, Buffer>>;
  /** A strong validator per encoding: each encoding is a representation of its own. */
  etags: Readonly<Record<PageEncoding, string>>;
};

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;

  constructor(options: { maxBytes?: number; maxAgeMs?: number } = {}) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
      sizeCalculation: (page) => page.bodies.br.length + page.bodies.gzip.length + page.bodies.identity.length + 512,
      ttl: options.maxAgeMs ?? PAGE_CACHE_MAX_AGE_MS,
    });
  }

  /** The page as rendered from `version`, or undefined (missing, too old, or another version). */
  get(key: string, version: string): CachedPage | undefined {
    const page = this.entries.get(key);
    return page?.version === version ? page : undefined;
  }

  /** Compresses the page once (off the main thread) and keeps it; returns what was kept. */
  async set(key: string, version: string, headers: Array<[string, string]>, html: Buffer): Promise<CachedPage> {
    const [br, gzipped] = await Promise.all([
      // Quality 9: close to 11's size at a fraction of its time, and paid once per page version.
      brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }),
      gzipAsync(html, { level: 9 }),
    ]);
    const digest = createHash('sha256').update(html).digest('base64url').slice(0, 27);
    const page: CachedPage = {
      version,
      headers,
      bodies: { br, gzip: gzipped, identity: html },
      etags: { br: `"${digest}-br"`, gzip: `"${digest}-gz"`, identity: `"${digest}"` },
    };
    this.entries.set(key, page);
    return page;
  }

  /** Bytes held (tests, the bench). */
  get size(): number {
    return this.entries.calculatedSize;
  }
}

/**
 * The cache key of a page address: the path as requested and the query with its parameters in
 * a fixed order, so `?a=1&b=2` and `?b=2&a=1` are one page.
 */
export function pageCacheKey(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return url;
  const params = new URLSearchParams(url.slice(queryStart + 1));
  params.sort();
  const query = params.toString();
  return query ? `${url.slice(0, queryStart)}?${query}` : url.slice(0, queryStart);
}
