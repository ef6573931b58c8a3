/**
 * Rendered pages kept in memory for anonymous visitors: one entry per page address (path and
 * declared query, see page-address.ts), valid for one content version, bounded by bytes (least
 * recently used first out) and by age.
 *
 * The age bound covers what changes without a content change: the visit slots a booking fills,
 * the day turning in Seoul (today's slots drop off), a banner's schedule. An aged entry is still
 * served for a while, as one background render refreshes it; content changes (an edit, a new
 * article, a purge) change the version, so they show on the very next request.
 *
 * One render per page per version: requests for a page that is being rendered wait for that
 * render instead of starting their own. The page goes out as soon as it is rendered (in a fast
 * encoding); its brotli-9 and gzip-9 forms are made after, off the main thread, and replace it.
 */
import { metrics } from '../observability/metrics';
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';

/** 64 MB: the whole site (≈ 40 pages × ≈ 150 KB with both compressed forms) many times over. */
export const PAGE_CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** See the module comment: how stale slot availability or a schedule may be. */
export const PAGE_CACHE_MAX_AGE_MS = 30_000;
/** How long past its age an entry is served while it is rendered again; after that, a request waits for the render. */
export const PAGE_CACHE_STALE_MS = 5 * 60_000;

export type PageEncoding = 'br' | 'gzip' | 'identity';

/** A page as rendered: what the cache keeps and sends. */
export type RenderedPage = {
  status: number;
  /** Response headers of the page (type, CSP, the route's own), none of them per visitor. */
  headers: ReadonlyArray<readonly [string, string]>;
  html: Buffer;
};

/**
 * One encoded form of a page with the whole head it goes out with, as `writeHead` takes it
 * (name, value, name, value, …): a hit is one lookup and one write.
 */
export type PageForm = { body: Buffer; head: string[]; notModifiedHead: string[] };

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Quality 9 / level 9: close to the best size at a fraction of its time, paid once per page version. */
const compressBest = (encoding: 'br' | 'gzip', html: Buffer) =>
  encoding === 'br' ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }) : gzipAsync(html, { level: 9 });
/** What the first requests get while the best forms are made: a few milliseconds, not tens. */
const compressFast = (encoding: 'br' | 'gzip', html: Buffer) =>
  encoding === 'br' ? brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_SIZE_HINT]: html.length } }) : gzipAsync(html, { level: 1 });

const ETAG_SUFFIX: Record<PageEncoding, string> = { br: '-br', gzip: '-gz', identity: '' };

export class CachedPage {
  /** The content version it stands for: moved on when a newer version renders the same page. */
  version: string;
  readonly status: number;
  private readonly digest: string;
  private readonly html: Buffer;
  private readonly headers: ReadonlyArray<readonly [string, string]>;
  private readonly forms = new Map<PageEncoding, PageForm>();
  private readonly fastForms = new Map<PageEncoding, Promise<PageForm>>();

  constructor(
    version: string,
    readonly renderedAt: number,
    page: RenderedPage,
    /** Headers every answer of this status carries besides the page's own (security, caching). */
    sharedHeaders: ReadonlyArray<readonly [string, string]>,
  ) {
    this.version = version;
    this.status = page.status;
    this.html = page.html;
    const varies = page.headers.some(([name]) => name.toLowerCase() === 'vary');
    this.headers = [...sharedHeaders, ...page.headers, ...(varies ? [] : [['Vary', 'Accept-Encoding'] as const])];
    this.digest = createHash('sha256').update(page.html).digest('base64url').slice(0, 27);
    this.forms.set('identity', this.form('identity', page.html, ''));
  }

  /**
   * Whether `page` is what this one shows: the same status and HTML but for the lead forms' tokens,
   * which every render signs afresh.
   */
  shows(page: RenderedPage): boolean {
    return this.status === page.status && withoutFormTokens(this.html) === withoutFormTokens(page.html);
  }

  /** Bytes it holds at most, every form made (compressed HTML is well under half its size). */
  get size(): number {
    return this.html.length * 2 + 1024;
  }

  /** The form of this encoding if it is made, else undefined (see `formFor`). */
  ready(encoding: PageEncoding): PageForm | undefined {
    return this.forms.get(encoding);
  }

  /** The form of this encoding: the best made so far, else a fast one made now (once). */
  formFor(encoding: PageEncoding): PageForm | Promise<PageForm> {
    const ready = this.forms.get(encoding);
    if (ready || encoding === 'identity') return ready!;
    let fast = this.fastForms.get(encoding);
    if (!fast) {
      fast = compressFast(encoding, this.html).then((body) => {
        const form = this.form(encoding, body, '-fast');
        if (!this.forms.has(encoding)) this.forms.set(encoding, form);
        return form;
      });
      this.fastForms.set(encoding, fast);
    }
    return fast;
  }

  /** Makes the best brotli and gzip forms (off the main thread); each replaces the fast one. */
  async compress(): Promise<void> {
    await Promise.all(
      (['br', 'gzip'] as const).map(async (encoding) => {
        this.forms.set(encoding, this.form(encoding, await compressBest(encoding, this.html), ''));
      }),
    );
  }

  /** If-None-Match compares weakly: any encoding of these bytes is the page the client has. */
  isNotModified(ifNoneMatch: string | undefined): boolean {
    if (!ifNoneMatch || this.status !== 200) return false;
    return ifNoneMatch.split(',').some((tag) => {
      const value = tag.trim().replace(/^W\//, '');
      return value === '*' || value.startsWith(`"${this.digest}`);
    });
  }

  private form(encoding: PageEncoding, body: Buffer, variant: string): PageForm {
    const notModifiedHead = this.headers.flat();
    // A strong validator per representation (an encoding is one); an error page has none.
    if (this.status === 200) notModifiedHead.push('ETag', `"${this.digest}${ETAG_SUFFIX[encoding]}${encoding === 'identity' ? '' : variant}"`);
    const head = [...notModifiedHead];
    if (encoding !== 'identity') head.push('Content-Encoding', encoding);
    head.push('Content-Length', String(body.length));
    return { body, head, notModifiedHead };
  }
}

export type PageCacheOptions = {
  maxBytes?: number;
  maxAgeMs?: number;
  staleMs?: number;
  /** Headers every cached answer of a status carries besides the page's own. */
  sharedHeaders?: (status: number) => ReadonlyArray<readonly [string, string]>;
  now?: () => number;
};

export type CacheLookup = { page: CachedPage; stale: boolean };

export class PageCache {
  private readonly entries: LRUCache<string, CachedPage>;
  private readonly renderings = new Map<string, Promise<CachedPage | undefined>>();
  private readonly maxAgeMs: number;
  private readonly staleMs: number;
  private readonly sharedHeaders: NonNullable<PageCacheOptions['sharedHeaders']>;
  private readonly now: () => number;
  /** Renders started to fill the cache (each page version and refresh counts once). */
  renders = 0;

  constructor(options: PageCacheOptions = {}) {
    this.entries = new LRUCache<string, CachedPage>({
      maxSize: options.maxBytes ?? PAGE_CACHE_MAX_BYTES,
      sizeCalculation: (page) => page.size,
    });
    this.maxAgeMs = options.maxAgeMs ?? PAGE_CACHE_MAX_AGE_MS;
    this.staleMs = options.staleMs ?? PAGE_CACHE_STALE_MS;
    this.sharedHeaders = options.sharedHeaders ?? (() => []);
    this.now = options.now ?? Date.now;
  }

  /** The page as rendered from `version`: fresh, or aged (serve it, and `fill` it again), or undefined. */
  get(key: string, version: string): CacheLookup | undefined {
    const page = this.entries.get(key);
    if (page?.version !== version) return undefined;
    const age = this.now() - page.renderedAt;
    if (age > this.maxAgeMs + this.staleMs) return undefined;
    return { page, stale: age > this.maxAgeMs };
  }

  /** Whether a render of this page version is under way (a request for it waits, renders nothing). */
  isRendering(key: string, version: string): boolean {
    return this.renderings.has(`${version}\n${key}`);
  }

  /**
   * The page rendered once for every request asking for it meanwhile: `render` runs unless a render
   * of this version is under way, and the page is kept when it returns one (undefined: an answer
   * not to keep, which each request then renders for itself).
   */
  fill(key: string, version: string, render: () => Promise<RenderedPage | undefined>): Promise<CachedPage | undefined> {
    const flightKey = `${version}\n${key}`;
    let rendering = this.renderings.get(flightKey);
    if (!rendering) {
      this.renders += 1;
      metrics.pageCache.inc({ result: 'render' });
      const renderedAt = this.now();
      rendering = render()
        .then((rendered) => (rendered ? this.keep(key, version, renderedAt, rendered) : undefined))
        .finally(() => this.renderings.delete(flightKey));
      this.renderings.set(flightKey, rendering);
    }
    return rendering;
  }

  /** Bytes held (at most, see CachedPage.size). */
  get size(): number {
    return this.entries.calculatedSize;
  }

  /** Pages held. */
  get pages(): number {
    return this.entries.size;
  }

  private keep(key: string, version: string, renderedAt: number, rendered: RenderedPage): CachedPage {
    // A new version that changed nothing on this page (a press page's counts still the same) keeps
    // its bytes and so its ETag: a visitor's copy stays valid. Not an aged page: its form token ages.
    const earlier = this.entries.get(key);
    if (earlier && renderedAt - earlier.renderedAt <= this.maxAgeMs && earlier.shows(rendered)) {
      earlier.version = version;
      return earlier;
    }
    const page = new CachedPage(version, renderedAt, rendered, this.sharedHeaders(rendered.status));
    this.entries.set(key, page);
    page.compress().catch((error: unknown) => console.error('[page-cache] compression failed', error));
    return page;
  }
}

/** The signed lead-form token a page carries (leads/form-token.ts: base64url JSON, a dot, the signature). */
const FORM_TOKEN = /eyJ[\w-]+\.[\w-]+/g;

function withoutFormTokens(html: Buffer): string {
  return html.toString('utf8').replace(FORM_TOKEN, '');
}
