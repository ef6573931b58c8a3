/**
 * pageAddresses matches a path against the routes that could claim its first segment only (a
 * 404's cost was mostly React Router ranking every route): the same routes match as with the
 * whole table, for every kind of path.
 */
import { matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '../../web/app/routes';
import { pageAddresses, routeTree } from '../../web/server/pages/page-address';

type RouteConfigEntry = { id?: string; path?: string; index?: boolean; file: string; children?: RouteConfigEntry[] };

/** The server build's flat manifest of the site's route table; each route declares its own id as a query parameter. */
function manifestOf(entries: RouteConfigEntry[]): ServerBuild['routes'] {
  const manifest: Record<string, unknown> = { root: { id: 'root', path: '', module: { handle: { query: ['root'] } } } };
  const add = (list: RouteConfigEntry[], parentId: string) => {
    for (const entry of list) {
      const id = entry.id ?? entry.file.replace(/\.tsx?$/, '');
      manifest[id] = { id, parentId, path: entry.path, index: entry.index, module: { handle: { query: [id] } } };
      add(entry.children ?? [], id);
    }
  };
  add(entries, 'root');
  return manifest as ServerBuild['routes'];
}

const manifest = manifestOf(routes as RouteConfigEntry[]);
const ids = Object.keys(manifest);
const everyId = ids.map((id) => `${encodeURIComponent(id)}=1`).join('&');

/** The address the whole table gives: the matched routes' ids as the kept query, or unknown. */
function expected(path: string): { unknown: boolean; key: string } {
  let matches: ReturnType<typeof matchRoutes> = null;
  try {
    matches = matchRoutes(routeTree(manifest) as RouteObject[], path);
  } catch {
    matches = null;
  }
  const matched = (matches ?? []).map((match) => match.route.id ?? '');
  if (matched.length === 0 || matched.at(-1) === 'routes/not-found') return { unknown: true, key: '404' };
  const query = new URLSearchParams(matched.map((id) => [id, '1']));
  query.sort();
  return { unknown: false, key: `${path}?${query}` };
}

const PATHS = [
  '/',
  '/FloorPlan/59A',
  '/floorplan/59a',
  '/FLOORPLAN',
  '/FloorPlan/',
  '/FloorPlan/Emodel',
  '/%46loorPlan/59A',
  '/Interior',
  '/Interior/84B',
  '/SalesInfo/stampTax',
  '/SalesInfo/StampTax',
  '/LocationEnvironment/premium',
  '/Promotion/Customer',
  '/Promotion/Press',
  '/cheonghak/press',
  '/cheonghak/press/press-sample-01',
  '/other-site/press',
  '/cheonghak/customer',
  '/leads/result',
  '/privacy',
  '/admin',
  '/admin/',
  '/admin/leads',
  '/admin/leads/lead-1',
  '/admin/nope',
  '/nope',
  '/nope-12345',
  '/a/b/c/d',
  '/FloorPlan/59A/extra',
  '//FloorPlan/59A',
  '/%E0%A4%A',
  '/청학/press',
  '/%EC%B2%AD%ED%95%99/press/1',
  '/brand/intro',
  '/Brand',
];

describe('pageAddresses', () => {
  it('matches each path against its first segment’s routes exactly as against the whole table', () => {
    const address = pageAddresses(manifest);
    for (const path of PATHS) {
      const { unknown, key } = address(`${path}?${everyId}`);
      expect({ path, unknown, key }).toEqual({ path, ...expected(path) });
    }
  });

  it('gives every unknown path the one 404 key', () => {
    const address = pageAddresses(manifest);
    for (const path of ['/nope', '/x/y', '/admin/nope/deeper']) expect(address(path)).toMatchObject({ unknown: true, key: '404' });
  });
});
