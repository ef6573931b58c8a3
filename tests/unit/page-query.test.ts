/**
 * A page is its path and the query parameters its route reads (web/shared/page-query.ts): every
 * route is listed here with the parameters it declares, and a route that reads a parameter it
 * did not declare fails. The server keeps only the declared ones for an anonymous page, so an
 * undeclared read would see nothing there. tests/integration/built-server/page-cache-http.test.ts checks the other
 * half on the built server: an unknown parameter changes no route's HTML.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import routes from '../../web/app/routes';
import type { PageHandle } from '../../web/shared/page-query';

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };

/** Every route module and the parameters it declares; the ones not listed declare none. */
const DECLARED: Record<string, PageHandle['query']> = {
  'routes/press-list.tsx': ['cursor'],
  'routes/lead-result.tsx': ['status', 'errors', 'from'],
  // The staff console: its filters, date ranges and `next`; private pages, never cached.
  'routes/console/layout.tsx': 'any',
  // The console's downloads: filters, period and 사유 of a file (private, never cached).
  'routes/console/downloads/leads.ts': 'any',
  'routes/console/downloads/audit.ts': 'any',
  'routes/console/downloads/stats.ts': 'any',
  'routes/console/downloads/team-stats.ts': 'any',
};

/**
 * Modules outside the routes that read the query, and why that never changes a cached page:
 * they run in the browser only, or on pages the server never caches or strips.
 */
const READ_OUTSIDE_ROUTES: Record<string, string> = {
  'web/app/lib/visit.ts': 'campaign parameters, read from window.location in the browser after hydration',
  'web/app/lib/require-staff.ts': 'the console sign-in redirect (`any`)',
  'web/app/components/PreviewBanner.tsx': 'preview only: a preview cookie makes every page personal, never cached nor stripped',
  'web/app/components/console/SessionWarning.tsx': 'the console only (`any`): the page to come back to after signing in again',
  'web/app/lib/download-session.server.ts': 'the console downloads (`any`): the 사유 and the page to come back to, on files never cached',
};

const READS_QUERY = /searchParams|useSearchParams|(?<!\w)(?:location|url)\.search\b|\{[^}]*\bsearch\b[^}]*\}\s*=\s*useLocation/;
const LITERAL_READ = /searchParams\.(?:get|getAll|has)\(\s*'([^']+)'/g;

function flatten(entries: RouteEntry[], inherited: PageHandle['query'][] = []): Array<{ file: string; chain: PageHandle['query'][] }> {
  return entries.flatMap((entry) => {
    const chain = [...inherited, DECLARED[entry.file]];
    return [{ file: entry.file, chain }, ...flatten(entry.children ?? [], chain)];
  });
}

const ROUTES = flatten(routes as RouteEntry[]);
const FILES = [...new Set(ROUTES.map((route) => route.file))];
/** Route modules whose pages get only their declared parameters (one entry per module). */
const STRIPPED = [...new Map(ROUTES.filter((route) => !route.chain.includes('any')).map((route) => [route.file, route.chain])).entries()];

describe('the query parameters of every route', () => {
  it.each(FILES)('%s declares exactly what the list says', async (file) => {
    const module = (await import(`../../web/app/${file}`)) as { handle?: PageHandle };
    expect(module.handle?.query ?? []).toEqual(DECLARED[file] ?? []);
  });

  it.each(STRIPPED)('%s reads only parameters it declares', (file, chain) => {
    const source = readFileSync(`web/app/${file}`, 'utf8');
    const declared = new Set(chain.flatMap((query) => (query === 'any' ? [] : (query ?? []))));
    const read = [...source.matchAll(LITERAL_READ)].map(([, name]) => name);
    for (const name of read) expect(declared, `${file} reads ?${name}`).toContain(name);
    // Any other way of reading the query (the whole of it, a computed name) cannot be checked: refused.
    const otherReads = source.replace(LITERAL_READ, '');
    expect(READS_QUERY.test(otherReads), `${file} reads the query other than by name`).toBe(false);
  });

  it('no other module reads the query, but the ones listed with their reason', async () => {
    const { execFileSync } = await import('node:child_process');
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'web/app'], { encoding: 'utf8' })
      .split('\n')
      .filter((file) => /\.(ts|tsx)$/.test(file) && !FILES.includes(file.replace(/^web\/app\//, '')));
    const reading = files.filter((file) => READS_QUERY.test(readFileSync(file, 'utf8')));
    expect(reading.sort()).toEqual(Object.keys(READ_OUTSIDE_ROUTES).sort());
  });

  it('catches a route that reads a parameter it did not declare', () => {
    const source = "const from = new URL(request.url).searchParams.get('utm_source');";
    expect([...source.matchAll(LITERAL_READ)].map(([, name]) => name)).toEqual(['utm_source']);
    expect(READS_QUERY.test('const { pathname, search } = useLocation();')).toBe(true);
    expect(READS_QUERY.test('const [params] = useSearchParams();')).toBe(true);
  });
});
