/** Writing a page's answer: a cached page in the client's encoding, or a page rendered for one request. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request as ExpressRequest, Response as ExpressResponse } from 'express';
import { sendFetchResponse } from './fetch-adapter';
import type { CachedPage, PageEncoding, PageForm } from './page-cache';
import { preferredEncoding } from './precompressed';

/** A rendered answer that is not (or not yet) a cached page. */
export type Rendered =
  | { kind: 'page'; status: number; headers: Array<[string, string]>; cookies: string[]; body: Buffer; cacheable: boolean }
  | { kind: 'other'; response: Response };

/** An answer rendered for this request alone: the finished page, or React Router's response as it streams. */
export async function sendRendered(req: ExpressRequest, res: ExpressResponse, rendered: Rendered): Promise<void> {
  if (rendered.kind === 'other') {
    await sendFetchResponse(res, rendered.response, req.method === 'HEAD');
    return;
  }
  res.status(rendered.status);
  for (const [name, value] of rendered.headers) res.setHeader(name, value);
  for (const cookie of rendered.cookies) res.append('Set-Cookie', cookie);
  res.end(req.method === 'HEAD' ? undefined : rendered.body);
}

/** Sends a cached page in the encoding the client prefers: the best form made, else a fast one made now. */
export async function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage): Promise<void> {
  writePage(req, res, page, await page.formFor(encodingOf(req.headers['accept-encoding'])));
}

/** One write: status and the form's whole head, then its body (none for HEAD or 304). */
export function writePage(req: IncomingMessage, res: ServerResponse, page: CachedPage, form: PageForm): void {
  if (page.isNotModified(req.headers['if-none-match'])) {
    res.writeHead(304, form.notModifiedHead).end();
    return;
  }
  res.writeHead(page.status, form.head).end(req.method === 'HEAD' ? undefined : form.body);
}

/** Accept-Encoding headers seen, and the encoding each asks for: browsers send a handful. */
const encodingsSeen = new Map<string, PageEncoding>();
const MAX_ENCODINGS_SEEN = 64;

/** Brotli when the client takes it (smaller), whatever order it lists its encodings in. */
export function encodingOf(acceptEncoding: string | undefined): PageEncoding {
  const header = acceptEncoding ?? '';
  let encoding = encodingsSeen.get(header);
  if (!encoding) {
    encoding = preferredEncoding(header) ?? 'identity';
    if (encodingsSeen.size < MAX_ENCODINGS_SEEN) encodingsSeen.set(header, encoding);
  }
  return encoding;
}
