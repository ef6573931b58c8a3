/**
 * The Studio's Presentation tool opens, for each document, the pages its `locations` resolver
 * names, and finds the document of a page through `mainDocuments`: every location of every seed
 * document must be a page of the site (200, possibly after a redirect on the site), and every page
 * a location names that a main-document route matches must lead back to that document.
 */
import { evaluate, parse } from 'groq-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewResolve } from '../../../studio/presentation';
import { readSeedDocuments } from '../../../web/server/content/seed';
import type { SanityDocument } from '../../../web/server/content/types';
import { getWithCookie } from '../../support/http';
import { startServer, type RunningServer } from '../../support/built-server';

type Location = { title: string; href: string };
type Resolver = {
  select?: Record<string, string>;
  resolve?: (value: Record<string, unknown> | null) => { locations?: Location[] } | null;
  locations?: Location[];
};
type MainDocument = { route: string; filter: string };

let server: RunningServer;
let documents: SanityDocument[];

beforeAll(async () => {
  documents = await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() });
  server = await startServer();
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

function locationsOf(document: SanityDocument): Location[] {
  const resolver = (previewResolve?.locations as Record<string, Resolver> | undefined)?.[document._type];
  if (!resolver) return [];
  if (resolver.locations) return resolver.locations;
  const selected = Object.fromEntries(
    Object.entries(resolver.select ?? {}).map(([key, path]) => [
      key,
      path.split('.').reduce<unknown>((value, field) => (value as Record<string, unknown> | undefined)?.[field], document),
    ]),
  );
  return resolver.resolve?.(selected)?.locations ?? [];
}

/** The page a location opens: its status after the site's own redirects (at most three). */
async function finalStatus(href: string): Promise<{ status: number; path: string }> {
  let path = href;
  for (let hop = 0; hop < 3; hop += 1) {
    const response = await getWithCookie(server.url, path, '');
    const location = response.headers.location;
    if (response.status < 300 || response.status >= 400 || !location) return { status: response.status, path };
    expect(location.startsWith('/') && !location.startsWith('//'), `${href} redirects on the site`).toBe(true);
    path = location;
  }
  return { status: 0, path };
}

function mainDocumentRoute(path: string): { filter: string; params: Record<string, string> } | null {
  for (const { route, filter } of (previewResolve?.mainDocuments ?? []) as MainDocument[]) {
    const names: string[] = [];
    const pattern = new RegExp(`^${route.replace(/:([a-z]+)/gi, (_match, name: string) => (names.push(name), '([^/]+)'))}$`);
    const match = pattern.exec(path);
    if (match) return { filter, params: Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])])) };
  }
  return null;
}

describe('Presentation locations', () => {
  it('every location of every seed document is a page of the site', async () => {
    const located = documents.filter((document) => locationsOf(document).length > 0);
    expect(new Set(located.map(({ _type }) => _type))).toEqual(new Set(['page', 'unitType', 'pressArticle', 'homePage', 'siteSettings']));
    for (const document of located) {
      for (const { href } of locationsOf(document)) {
        expect(await finalStatus(href), `${document._id} → ${href}`).toMatchObject({ status: 200 });
      }
    }
  });

  it('a unit type is located only on the pages it opens', () => {
    for (const unit of documents.filter(({ _type }) => _type === 'unitType')) {
      const pages = (unit.pages as string[] | undefined) ?? [];
      const hrefs = locationsOf(unit).map(({ href }) => href.split('/')[1]);
      expect(hrefs.sort(), unit._id).toEqual(
        [...(pages.includes('floorPlan') ? ['FloorPlan'] : []), ...(pages.includes('interior') ? ['Interior'] : [])].sort(),
      );
    }
  });

  it('a located page that a main-document route matches leads back to the document', async () => {
    let checked = 0;
    for (const document of documents) {
      for (const { href } of locationsOf(document)) {
        const main = mainDocumentRoute(href);
        if (!main || !main.filter.includes(`"${document._type}"`)) continue;
        const found = (await (
          await evaluate(parse(`*[${main.filter}]._id`, { params: main.params }), { dataset: documents, params: main.params })
        ).get()) as string[];
        expect(found, `${href} → ${document._id}`).toEqual([document._id]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(10);
  });
});
