/**
 * POST /api/measure, the page-view beacon (JSON, sent as text/plain by sendBeacon): 204. It
 * stays in Express, where its size limit and rate limit apply before the body is read (the
 * statistics' CSV is a resource route, web/app/routes/console/downloads/).
 * Refusals are 4xx with a Korean message: 403 from another origin, 400 for a body that is not a
 * beacon or names no page of ours, 413 over 2 KB (refused before it is parsed), 415 for another
 * content type, 429 past the per-address rate.
 */
import { limitAddress } from '../http/client-address';
import express, { type RequestHandler, type Response, type Router } from 'express';
import { bodyParserErrors } from '../http/body-limit';
import * as v from 'valibot';
import { messages } from '../../shared/messages';
import { MEASURE_PATH } from '../../shared/measure';
import { RateLimiter } from '../http/rate-limit';
import { isFromOurPage, viewRequestOfExpress } from '../http/view-gate';
import { pageViewFacts, type PageViewStats } from './page-views';

const MAX_BEACON_BYTES = 2 * 1024;

/**
 * Beacons per address and minute: far above one person's reading, low enough that a script
 * cannot make one address look like a campaign (mobile carriers put many phones behind one
 * address, hence not lower).
 */
const BEACONS_PER_MINUTE = 600;

const ERRORS = {
  foreignOrigin: messages.foreignOrigin,
  invalidBeacon: '방문 기록 형식이 올바르지 않습니다.',
  unknownPage: '이 사이트의 페이지가 아닙니다.',
  tooLarge: '요청 내용이 너무 큽니다.',
  wrongContentType: '지원하지 않는 형식입니다. JSON으로 보내 주세요.',
  rateLimited: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
} as const;

function fail(res: Response, status: number, error: keyof typeof ERRORS, message: string = ERRORS[error]): void {
  res.status(status).set('Cache-Control', 'no-store').json({ error, message });
}

const BeaconSchema = v.strictObject({
  page: v.pipe(v.string(), v.maxLength(1000)),
  landing: v.boolean(),
  referrer: v.pipe(v.string(), v.maxLength(1000)),
  campaign: v.pipe(v.string(), v.maxLength(1000)),
});

export function createMeasureRouter({ pageViews }: { pageViews: PageViewStats }): Router {
  const router = express.Router();
  const limiter = new RateLimiter({ max: BEACONS_PER_MINUTE, windowMs: 60_000 });
  const bodyErrors = bodyParserErrors({ tooLarge: (res) => fail(res, 413, 'tooLarge'), unreadable: (res) => fail(res, 400, 'invalidBeacon') });
  // Refused before the body is read: another site's page, another format.
  const fromOurPage: RequestHandler = (req, res, next) => {
    if (!isFromOurPage(viewRequestOfExpress(req))) return fail(res, 403, 'foreignOrigin');
    if (!req.is(['text/plain', 'application/json'])) return fail(res, 415, 'wrongContentType');
    next();
  };
  const count: RequestHandler = async (req, res) => {
    const beacon = v.safeParse(BeaconSchema, parseJson(req.body));
    if (!beacon.success) return fail(res, 400, 'invalidBeacon');
    const view = viewRequestOfExpress(req);
    const facts = pageViewFacts(beacon.output, view, req.hostname);
    if (!facts) return fail(res, 400, 'unknownPage');
    if (!limiter.tryHit(limitAddress(view.ip))) return fail(res, 429, 'rateLimited');
    await pageViews.record(facts, view);
    res.status(204).set('Cache-Control', 'no-store').end();
  };
  router.post(MEASURE_PATH, fromOurPage, express.text({ type: () => true, limit: MAX_BEACON_BYTES }), count, bodyErrors);
  return router;
}

function parseJson(text: unknown): unknown {
  try {
    return typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}
