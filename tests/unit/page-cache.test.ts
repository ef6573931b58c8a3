/**
 * The page cache's own rules: a page is kept for one content version, the bytes held stay under
 * the bound (least recently used out first), and page addresses differing only in the order of
 * their query parameters share an entry.
 */
import { describe, expect, it } from 'vitest';
import { PageCache, pageCacheKey } from '../../web/server/http/page-cache';

const html = (size: number, fill = 'a') => Buffer.from(`<!DOCTYPE html>${fill.repeat(size)}`);

describe('PageCache', () => {
  it('answers only for the content version the page was rendered from', async () => {
    const cache = new PageCache();
    await cache.set('/', 'v1', [['content-type', 'text/html']], html(100));
    expect(cache.get('/', 'v1')?.bodies.identity.equals(html(100))).toBe(true);
    expect(cache.get('/', 'v2')).toBeUndefined();
  });

  it('never holds more bytes than its bound', async () => {
    // Random-looking bodies compress badly, so each entry is about its full size three times.
    const noisy = (seed: number) => Buffer.from(Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(33 + ((i * 7919 + seed * 104_729) % 90))).join(''));
    const cache = new PageCache({ maxBytes: 200_000 });
    for (let page = 0; page < 20; page += 1) {
      await cache.set(`/page-${page}`, 'v', [], noisy(page));
      expect(cache.size).toBeLessThanOrEqual(200_000);
    }
    expect(cache.get('/page-19', 'v')).toBeDefined();
    expect(cache.get('/page-0', 'v'), 'the oldest went first').toBeUndefined();
  });

  it('keys a page by its path and its sorted query', () => {
    expect(pageCacheKey('/FloorPlan/59A?b=2&a=1')).toBe(pageCacheKey('/FloorPlan/59A?a=1&b=2'));
    expect(pageCacheKey('/FloorPlan/59A?')).toBe('/FloorPlan/59A');
    expect(pageCacheKey('/FloorPlan/59A')).not.toBe(pageCacheKey('/FloorPlan/84A'));
  });
});
