/**
 * The press JSON API:
 *   GET  /api/press?site=…&cursor=…   → { items, nextCursor }
 *   POST /api/press/:id/view?site=…   → { views, counted } (the press page sends it once loaded)
 *   GET  /api/press/:id/views?site=…  → { views } (the Studio's 조회수, from another origin)
 * Bad input answers 400, an unknown site or article 404, always with a Korean `error`; a view
 * request that is not from our own page answers 403 (see view-gate.ts for what counts).
 */
import { Router, type Request, type Response } from 'express';
import { messages } from '../../shared/messages';
import { InvalidCursorError, type PressService } from './service';
import { isFromOurPage, ViewGate } from '../http/view-gate';

const SITE_PATTERN = /^[a-z0-9-]{1,64}$/;
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** The API's errors: a machine code and the Korean message shown for it. */
const ERRORS = {
  invalidSite: 'site 값이 올바르지 않습니다.',
  invalidCursor: '잘못된 페이지 커서입니다.',
  unknownSite: '언론보도 사이트가 없습니다.',
  articleNotFound: '기사를 찾을 수 없습니다.',
} as const;

function fail(res: Response, status: number, error: keyof typeof ERRORS): void {
  res.status(status).json({ error, message: ERRORS[error] });
}

/** Views counted per address per article per clock hour (a household's phones and laptop). */
export const PRESS_VIEWS_PER_ADDRESS = 3;

/** Which view requests count: in memory (ViewGate), or shared by every instance (./shared-views.ts). */
export interface PressViewGate {
  /** Whether this is the reader's first view of `key` (site/article) this clock hour. */
  firstPageView(req: Request, key: string): boolean | Promise<boolean>;
}

export function createPressApi(press: PressService, viewGate: PressViewGate = new ViewGate({ maxPerAddress: PRESS_VIEWS_PER_ADDRESS })): Router {
  const router = Router();

  router.get('/', async (req, res, next) => {
    try {
      const site = req.query.site;
      const cursor = req.query.cursor;
      if (typeof site !== 'string' || !SITE_PATTERN.test(site)) return fail(res, 400, 'invalidSite');
      if (cursor !== undefined && typeof cursor !== 'string') return fail(res, 400, 'invalidCursor');
      if (!(await press.isPressSite(site))) return fail(res, 404, 'unknownSite');
      const page = await press.list(site, cursor);
      // Shared caches may keep a page briefly; a new post shows within seconds.
      res.set('Cache-Control', 'public, max-age=0, s-maxage=5, stale-while-revalidate=30');
      res.json(page);
    } catch (error) {
      if (error instanceof InvalidCursorError) return fail(res, 400, 'invalidCursor');
      next(error);
    }
  });

  router.get('/:id/views', async (req, res, next) => {
    try {
      const site = req.query.site;
      const { id } = req.params;
      // Public numbers (every article page shows its own): any origin may read them, without credentials.
      res.set({ 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-store' });
      if (typeof site !== 'string' || !SITE_PATTERN.test(site)) return fail(res, 400, 'invalidSite');
      const article = ID_PATTERN.test(id) ? await press.article(site, id) : null;
      if (!article) return fail(res, 404, 'articleNotFound');
      res.json({ views: article.views });
    } catch (error) {
      next(error);
    }
  });

  router.post('/:id/view', async (req, res, next) => {
    try {
      const site = req.query.site;
      const { id } = req.params;
      if (typeof site !== 'string' || !SITE_PATTERN.test(site)) return fail(res, 400, 'invalidSite');
      if (!ID_PATTERN.test(id)) return fail(res, 404, 'articleNotFound');
      res.set('Cache-Control', 'no-store');
      if (!isFromOurPage(req)) {
        res.status(403).json({ error: 'foreignOrigin', message: messages.foreignOrigin });
        return;
      }
      if (!(await press.article(site, id))) return fail(res, 404, 'articleNotFound');
      const counted = (await viewGate.firstPageView(req, `${site}/${id}`)) && (await press.recordView(site, id));
      res.json({ views: await press.viewCount(id), counted });
    } catch (error) {
      next(error);
    }
  });

  return router;
}
