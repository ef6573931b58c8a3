/**
 * The page cache's own rules: a page is kept for one content version; the bytes held stay under
 * the bound (least recently used out first); concurrent requests for one page version make one
 * render; an aged page is served while one refresh renders; the first answer does not wait for
 * the best compression; any encoding's validator revalidates.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache, type RenderedPage } from '../../web/server/pages/page-cache';

const html = (size: number, fill = 'a') => Buffer.from(`<!DOCTYPE html>${fill.repeat(size)}`);
const page = (body: Buffer, status = 200): RenderedPage => ({ status, headers: [['content-type', 'text/html']], html: body });

/** A render that finishes when the test says so, counting how often it was started. */
function controlledRender(result: RenderedPage | undefined) {
  let finish: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (finish = resolve));
  const render = {
    started: 0,
    finish,
    run: async () => {
      render.started += 1;
      await gate;
      return result;
    },
  };
  return render;
}

describe('PageCache', () => {
  it('answers only for the content version the page was rendered from', async () => {
    const cache = new PageCache();
    await cache.fill('/', 'v1', async () => page(html(100)));
    expect(cache.get('/', 'v1')?.page.ready('identity')?.body.equals(html(100))).toBe(true);
    expect(cache.get('/', 'v2')).toBeUndefined();
  });

  it('a new version that renders the same page but for its form token keeps the earlier bytes and ETag; a changed page or an aged one does not', async () => {
    let now = 1_000;
    const cache = new PageCache({ now: () => now });
    const token = (seed: string) => `eyJ${seed}In0.${seed}sig`;
    const withToken = (seed: string, text = '조회수 12') => Buffer.from(`<!DOCTYPE html><p>${text}</p><input name="formToken" value="${token(seed)}">`);
    const first = await cache.fill('/cheonghak/press', 'v1', async () => page(withToken('aaa')));
    const head = first?.ready('identity')?.head;
    now += 3_000;
    await cache.fill('/cheonghak/press', 'v2', async () => page(withToken('bbb')));
    const same = cache.get('/cheonghak/press', 'v2')?.page;
    expect(same?.ready('identity')?.body.equals(withToken('aaa'))).toBe(true);
    expect(same?.ready('identity')?.head).toEqual(head);
    expect(head).toContain('ETag');

    now += 3_000;
    await cache.fill('/cheonghak/press', 'v3', async () => page(withToken('ccc', '조회수 13')));
    expect(cache.get('/cheonghak/press', 'v3')?.page.ready('identity')?.body.equals(withToken('ccc', '조회수 13'))).toBe(true);

    // Past its age the page is rendered anew, token and all (a kept token would grow old).
    now += 31_000;
    await cache.fill('/cheonghak/press', 'v4', async () => page(withToken('ddd', '조회수 13')));
    expect(cache.get('/cheonghak/press', 'v4')?.page.ready('identity')?.body.equals(withToken('ddd', '조회수 13'))).toBe(true);
  });

  it('never holds more bytes than its bound', async () => {
    const cache = new PageCache({ maxBytes: 200_000 });
    for (let index = 0; index < 20; index += 1) {
      await cache.fill(`/page-${index}`, 'v', async () => page(html(20_000, String.fromCharCode(65 + index))));
      expect(cache.size).toBeLessThanOrEqual(200_000);
    }
    expect(cache.get('/page-19', 'v')).toBeDefined();
    expect(cache.get('/page-0', 'v'), 'the oldest went first').toBeUndefined();
  });

  it('renders a page once for every request that asks for it while it renders', async () => {
    const cache = new PageCache();
    const render = controlledRender(page(html(1000)));
    const requests = Array.from({ length: 50 }, () => cache.fill('/', 'v', render.run));
    expect(cache.isRendering('/', 'v')).toBe(true);
    render.finish();
    const answers = await Promise.all(requests);
    expect(render.started).toBe(1);
    expect(cache.renders).toBe(1);
    expect(new Set(answers).size, 'one page for all').toBe(1);
    expect(cache.isRendering('/', 'v')).toBe(false);
    // A new content version is a page of its own: rendered again.
    await cache.fill('/', 'v2', async () => page(html(1000, 'b')));
    expect(cache.renders).toBe(2);
  });

  it('keeps nothing when the render gives nothing to keep, and every waiter learns it', async () => {
    const cache = new PageCache();
    const render = controlledRender(undefined);
    const requests = [cache.fill('/x', 'v', render.run), cache.fill('/x', 'v', render.run)];
    render.finish();
    expect(await Promise.all(requests)).toEqual([undefined, undefined]);
    expect(render.started).toBe(1);
    expect(cache.get('/x', 'v')).toBeUndefined();
  });

  it('serves an aged page as stale until a refresh replaces it, and stops serving it once too old', async () => {
    let now = 1_000_000;
    const cache = new PageCache({ maxAgeMs: 30_000, staleMs: 60_000, now: () => now });
    await cache.fill('/', 'v', async () => page(html(100, 'a')));
    expect(cache.get('/', 'v')?.stale).toBe(false);

    now += 30_001;
    const aged = cache.get('/', 'v');
    expect(aged?.stale).toBe(true);
    expect(aged?.page.ready('identity')?.body.equals(html(100, 'a'))).toBe(true);
    const refresh = controlledRender(page(html(100, 'b')));
    const refreshed = cache.fill('/', 'v', refresh.run);
    // Meanwhile every request still gets the aged page, and no other render starts.
    expect(cache.get('/', 'v')?.page).toBe(aged?.page);
    expect(cache.isRendering('/', 'v')).toBe(true);
    refresh.finish();
    await refreshed;
    const fresh = cache.get('/', 'v');
    expect(fresh?.stale).toBe(false);
    expect(fresh?.page.ready('identity')?.body.equals(html(100, 'b'))).toBe(true);

    now += 30_000 + 60_000 + 1;
    expect(cache.get('/', 'v'), 'past the stale window a request waits for a render').toBeUndefined();
  });

  it('has a fast form of each encoding at once, then the best one, all of the same bytes', async () => {
    const cache = new PageCache();
    const body = html(200_000, 'abcdefgh');
    const kept = (await cache.fill('/', 'v', async () => page(body)))!;
    const fast = await kept.formFor('br');
    expect(brotliDecompressSync(fast.body).equals(body)).toBe(true);
    await kept.compress();
    const best = kept.ready('br')!;
    expect(best.body.length).toBeLessThanOrEqual(fast.body.length);
    expect(brotliDecompressSync(best.body).equals(body)).toBe(true);
    expect(gunzipSync(kept.ready('gzip')!.body).equals(body)).toBe(true);
    const etag = (form: { head: string[] }) => form.head[form.head.indexOf('ETag') + 1];
    expect(etag(fast)).not.toBe(etag(best));
    // Any form's validator is this page: weak comparison, as If-None-Match does.
    expect(kept.isNotModified(etag(fast))).toBe(true);
    expect(kept.isNotModified(`W/${etag(best)}, "other"`)).toBe(true);
    expect(kept.isNotModified('"other"')).toBe(false);
  });

  it('keeps a 404 page without a validator', async () => {
    const cache = new PageCache();
    const kept = (await cache.fill('404', 'v', async () => page(html(100), 404)))!;
    const form = kept.ready('identity')!;
    expect(kept.status).toBe(404);
    expect(form.head).not.toContain('ETag');
    expect(kept.isNotModified('*')).toBe(false);
  });
});
