/**
 * React Router's request handler for Express, with every HTML page going through one pipeline:
 *
 *   rendered document → inlineStylesheets → deferHydration → CSP hashes of its inline scripts
 *   and styles → (anonymous GET) the page cache → strong ETag / 304, brotli or gzip made once
 *
 * What is cached: a GET or HEAD without a session cookie whose answer is a 200 HTML page without
 * Set-Cookie and without a Cache-Control of its own (a route that sets `private`/`no-store` opts
 * out). Everything else (signed-in staff, form posts, errors, redirects, `.data`) is rendered for
 * its request as before, with the same hashed CSP.
 */
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from 'express';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import { createReadableStreamFromReadable } from '@react-router/node';
import { hasPersonalCookie } from '../auth/session';
import { PUBLIC_PAGE_CACHE } from './cache-headers';
import { deferHydration } from './deferred-hydration';
import { builtStylesheets, inlineStylesheets, type StylesheetText } from './inline-stylesheets';
import { PageCache, pageCacheKey, type CachedPage, type PageEncoding } from './page-cache';

export type PageHandlerOptions = {
  build: () => Promise<ServerBuild>;
  loadContext: (req: ExpressRequest) => AppLoadContext;
  /** `production` or `development` (React Router's error detail). */
  mode: string;
  /**
   * The page pipeline (production): inline stylesheets, deferred hydration, hashed CSP and the page cache. Off in
   * `--dev`, whose Vite client injects scripts of its own and whose pages change with the code.
   */
  pipeline?: {
    cache: PageCache;
    /** The content version a page at this path is rendered from (see app.ts). */
    contentVersion: (path: string) => string;
    /** The Content-Security-Policy of a page with these bytes. */
    policy: (html: string) => string;
  };
};

/** Headers the cache never keeps: they are about one response, not the page. */
const PER_RESPONSE_HEADERS = new Set(['content-length', 'content-encoding', 'etag', 'set-cookie', 'date', 'connection']);

export type PageHandlers = {
  /**
   * Answers a request for a cached page and passes on everything else. Mounted first (before
   * static files and the API routes), so a cache hit costs a lookup and a write.
   */
  cachedPages: RequestHandler;
  /** Renders (and caches) pages; last in the chain. */
  render: RequestHandler;
};

export function createPageHandlers(options: PageHandlerOptions): PageHandlers {
  let handle: ((request: Request, context: AppLoadContext) => Promise<Response>) | undefined;
  const renderPage = async (request: Request, context: AppLoadContext) => {
    handle ??= createRequestHandler(options.build, options.mode);
    return handle(request, context);
  };
  const { pipeline } = options;
  let stylesheets: Promise<StylesheetText> | undefined;
  const stylesheetsOfBuild = () =>
    (stylesheets ??= options.build().then((build) => builtStylesheets(resolve(build.assetsBuildDirectory), build.publicPath)));
  const cacheKeyOf = (req: ExpressRequest) =>
    pipeline && (req.method === 'GET' || req.method === 'HEAD') && !hasPersonalCookie(req.headers.cookie) ? pageCacheKey(req.originalUrl) : undefined;

  const cachedPages: RequestHandler = (req, res, next) => {
    const key = cacheKeyOf(req);
    const page = key ? pipeline?.cache.get(key, pipeline.contentVersion(req.path)) : undefined;
    if (page) sendCachedPage(req, res, page);
    else next();
  };

  const render: RequestHandler = async (req, res, next) => {
    try {
      const key = cacheKeyOf(req);
      // Read before rendering: a change made during the render must not be hidden under this version.
      const version = key && pipeline ? pipeline.contentVersion(req.path) : '';
      // A HEAD is rendered as the GET it describes, so that its answer (and the cache) is the same.
      const response = await renderPage(toFetchRequest(req, res, key ? 'GET' : req.method), options.loadContext(req));
      if (!pipeline || !isHtml(response)) {
        await sendFetchResponse(res, response, req.method === 'HEAD');
        return;
      }
      const html = deferHydration(inlineStylesheets(await response.text(), await stylesheetsOfBuild()));
      const headers = pageHeaders(response);
      headers.push(['content-security-policy', pipeline.policy(html)]);
      const body = Buffer.from(html);
      if (key && response.status === 200 && isShareable(response, res)) {
        sendCachedPage(req, res, await pipeline.cache.set(key, version, headers, body));
        return;
      }
      res.status(response.status);
      for (const [name, value] of headers) res.setHeader(name, value);
      for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
      res.end(req.method === 'HEAD' ? undefined : body);
    } catch (error) {
      next(error);
    }
  };
  return { cachedPages, render };
}

function isHtml(response: Response): boolean {
  return /^text\/html\b/i.test(response.headers.get('Content-Type') ?? '') && response.body !== null;
}

/** Nothing in the answer is per visitor or private to them. */
function isShareable(response: Response, res: ExpressResponse): boolean {
  return !response.headers.has('Set-Cookie') && !res.hasHeader('Set-Cookie') && !response.headers.has('Cache-Control');
}

function pageHeaders(response: Response): Array<[string, string]> {
  return [...response.headers.entries()].filter(([name]) => !PER_RESPONSE_HEADERS.has(name.toLowerCase()));
}

function sendCachedPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage): void {
  const encoding = encodingFor(req);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('Cache-Control', PUBLIC_PAGE_CACHE);
  res.setHeader('ETag', page.etags[encoding]);
  if (matchesEtag(req.headers['if-none-match'], page)) {
    res.status(304).end();
    return;
  }
  // Already encoded: the compression middleware leaves a response with a Content-Encoding alone.
  if (encoding !== 'identity') res.setHeader('Content-Encoding', encoding);
  const body = page.bodies[encoding];
  res.setHeader('Content-Length', body.length);
  res.status(200).end(req.method === 'HEAD' ? undefined : body);
}

/** Brotli when the client takes it (smaller), whatever order it lists its encodings in. */
function encodingFor(req: ExpressRequest): PageEncoding {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  return req.acceptsEncodings('gzip') === 'gzip' ? 'gzip' : 'identity';
}

/** If-None-Match compares weakly: any encoding of these bytes is the page the client has. */
function matchesEtag(header: string | undefined, page: CachedPage): boolean {
  if (!header) return false;
  const known = new Set(Object.values(page.etags));
  return header.split(',').some((tag) => {
    const value = tag.trim().replace(/^W\//, '');
    return value === '*' || known.has(value);
  });
}

/**
 * The Fetch API request React Router handles, from Express's (host and scheme as Express sees them).
 * The target is appended to the origin rather than resolved against it: resolved, `//x/y` would be
 * the path `/y` on host `x`, and `//%20` no URL at all.
 */
function toFetchRequest(req: ExpressRequest, res: ExpressResponse, method: string): Request {
  const path = req.originalUrl.startsWith('/') ? req.originalUrl : `/${req.originalUrl}`;
  const host = /^[\w.-]+(:\d+)?$|^\[[\d:a-f.]+\](:\d+)?$/i.test(req.host) ? req.host : 'localhost';
  let url: URL;
  try {
    url = new URL(`${req.protocol}://${host}${path}`);
  } catch {
    url = new URL(`${req.protocol}://localhost${path}`);
  }
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const hasBody = method !== 'GET' && method !== 'HEAD';
  return new Request(url, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: createReadableStreamFromReadable(req), duplex: 'half' } : {}),
  } as RequestInit);
}

/** Redirects, `.data`, resource routes and dev pages: status, headers and the body as it streams. */
async function sendFetchResponse(res: ExpressResponse, response: Response, head: boolean): Promise<void> {
  res.status(response.status);
  for (const [name, value] of response.headers.entries()) {
    if (name.toLowerCase() !== 'set-cookie') res.setHeader(name, value);
  }
  for (const cookie of response.headers.getSetCookie()) res.append('Set-Cookie', cookie);
  if (!response.body || head) {
    await response.body?.cancel();
    res.end();
    return;
  }
  const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
  await new Promise<void>((resolve, reject) => {
    body.on('error', (error) => (res.destroyed ? resolve() : reject(error)));
    res.on('close', () => {
      body.destroy();
      resolve();
    });
    body.pipe(res);
  });
}
