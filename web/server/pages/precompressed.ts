/**
 * Serves the build's precompressed copies of hashed assets (`file.js.br`, `file.js.gz`, written by
 * web/vite/precompress.ts) to browsers that accept them, with the original file's Content-Type
 * and the same year-long immutable caching. Anything else — no copy, an encoding the browser
 * refuses, a path that is not a plain file name — falls through to the ordinary static handler.
 * Only names listed from the directory at start are served, so a request cannot reach any other
 * file.
 */
import { readdirSync } from 'node:fs';
import { extname } from 'node:path';
import express, { type RequestHandler } from 'express';
import { PRECOMPRESSED_EXTENSIONS } from '../../vite/precompress';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

/** The encoding to send for an Accept-Encoding header: brotli, else gzip, else none (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const quality = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [token, ...params] = part.trim().toLowerCase().split(';');
    if (!token) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    quality.set(token, q === undefined ? 1 : Number(q));
  }
  const accepts = (encoding: Encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

export function precompressedAssets(dir: string, staticOptions: Parameters<typeof express.static>[1]): RequestHandler {
  const files = new Set(readdirSync(dir));
  const serve = express.static(dir, { ...staticOptions, index: false, fallthrough: true });
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !PRECOMPRESSED_EXTENSIONS.test(name) || !files.has(name)) {
      next();
      return;
    }
    res.vary('Accept-Encoding');
    const encoding = preferredEncoding(req.get('Accept-Encoding'));
    const copy = encoding ? name + SUFFIX[encoding] : undefined;
    if (!encoding || !copy || !files.has(copy)) {
      next();
      return;
    }
    const url = req.url;
    req.url = `/${copy}`;
    // Set before the static handler runs: it keeps a Content-Type already set, and compression
    // leaves a response alone that already has a Content-Encoding.
    res.type(extname(name));
    res.setHeader('Content-Encoding', encoding);
    serve(req, res, (error?: unknown) => {
      req.url = url;
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      next(error);
    });
  };
}
