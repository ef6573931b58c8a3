/**
 * How many pages one address may have the server render (PAGE_RENDER_LIMIT_IP; with DATABASE_URL
 * counted across instances):
 * past it, 429 with Retry-After and a Korean message, as a short HTML page to a browser asking for
 * a page and as JSON otherwise. Only renders count: a cached page, the one 404 page of unknown
 * paths and a request that waits for a render under way never do. Signed-in staff are not
 * limited (the console is rendered for each request).
 */
import { limitAddress } from '../http/client-address';
import type { Request, Response } from 'express';
import { leadMessages, messages } from '../../shared/messages';
import { memoryLimiters, type RateLimit, type RequestLimiters } from '../http/rate-limit';
import { NO_STORE } from '../http/cache-headers';

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (char) => `&#${char.charCodeAt(0)};`);

const TOO_MANY_PAGE = [
  '<!DOCTYPE html><html lang="ko"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
  `<meta name="robots" content="noindex, nofollow"><title>${escapeHtml(messages.tooManyPageRequestsTitle)}</title></head>`,
  `<body><main><h1>${escapeHtml(messages.tooManyPageRequestsTitle)}</h1><p>${escapeHtml(messages.tooManyPageRequests)}</p>`,
  `<p><a href="/">${escapeHtml(leadMessages.goHome)}</a></p></main></body></html>`,
].join('');

export function renderLimit(
  limit: RateLimit,
  isStaff: (req: Request) => boolean,
  limiters: RequestLimiters = memoryLimiters,
): (req: Request, res: Response) => Promise<boolean> {
  const limiter = limiters('page-render', limit);
  return async (req, res) => {
    const address = limitAddress(req.ip ?? '');
    if (isStaff(req) || (await limiter.tryHit(address))) return true;
    res.status(429).set({ 'Retry-After': String(Math.max(1, Math.ceil((await limiter.retryAfterMs(address)) / 1000))), 'Cache-Control': NO_STORE });
    if (!req.path.endsWith('.data') && req.accepts(['json', 'html']) === 'html') res.type('html').send(TOO_MANY_PAGE);
    else res.json({ error: 'tooManyPageRequests', message: messages.tooManyPageRequests });
    return false;
  };
}
