import { describe, expect, it } from 'vitest';
import routes from '../../web/app/routes';
import { routePaths } from '../support/route-paths';
import { OWN_PAGE_PATTERNS, ownPagePath } from '../../web/shared/own-page-path';

/** Where Chromium would take a link with this href from one of our pages. */
function resolvedOrigin(href: string): string {
  return new URL(href, 'https://cheonghak.example/leads/result?status=ok').origin;
}

describe('ownPagePath', () => {
  it('knows every route of routes.ts but the catch-all', () => {
    const fromRoutes = routePaths(routes)
      .filter((path) => path !== '*')
      .map((path) => `/${path}`);
    expect([...OWN_PAGE_PATTERNS].sort()).toEqual([...new Set(fromRoutes)].sort());
  });

  it.each([
    ['/Promotion/Customer', '/Promotion/Customer'],
    ['/', '/'],
    ['/FloorPlan/59A?utm_source=naver&utm_medium=cpc', '/FloorPlan/59A?utm_source=naver&utm_medium=cpc'],
    ['/cheonghak/customer', '/cheonghak/customer'],
    ['/cheonghak/press/press-sample-01', '/cheonghak/press/press-sample-01'],
    ['/promotion/customer', '/promotion/customer'],
    ['/Brand/intro#top', '/Brand/intro'],
    ['/Brand/intro?q=a b', '/Brand/intro?q=a%20b'],
  ])('keeps our own page %j as %j', (input, expected) => {
    expect(ownPagePath(input)).toBe(expected);
  });

  it.each([
    '/\\evil.example/x',
    '/\\/evil.example',
    '\\\\evil.example',
    '/\t/evil.com',
    '/\n/evil.com',
    '/\r\n/evil.com',
    '//evil.example',
    '///evil.example',
    '/.//evil.example',
    '/a/..//evil.example',
    '/Brand/..//evil.example/x',
    'https://evil.example/Promotion/Customer',
    'http:evil.example',
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'Promotion/Customer',
    '',
    ' /Promotion/Customer',
    '/%09/evil.com',
    '/%5Cevil.example',
    '/%2F%2Fevil.example',
    '/no/such/page',
    '/api/leads.csv',
    '/assets/entry.client.js',
    `/Brand/intro?${'x'.repeat(3000)}`,
    undefined,
    null,
    42,
    ['/Brand/intro'],
  ])('turns %j into /', (input) => {
    expect(ownPagePath(input)).toBe('/');
  });

  it('never yields an href that leaves the site, whatever the input', () => {
    const parts = ['/', '\\', '\t', '\n', '.', '..', '%2F', '%5C', '%09', 'evil.example', ':', '@', '?', '#', 'cheonghak', 'press', 'x'];
    let inputs = [''];
    for (let length = 0; length < 4; length++) inputs = inputs.flatMap((input) => parts.map((part) => input + part));
    for (const input of inputs) {
      const href = ownPagePath(input);
      expect(resolvedOrigin(href), JSON.stringify(input)).toBe('https://cheonghak.example');
      const path = href.split('?')[0];
      expect(href.startsWith('/') && !href.startsWith('//') && !/[\\\t\n\r]/.test(path), JSON.stringify(input)).toBe(true);
    }
  });
});
