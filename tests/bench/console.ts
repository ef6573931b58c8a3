/**
 * The sales console at scale: BENCH_CONSOLE_LEADS leads (100,000 by default; the tests' fixture,
 * spread over 40 days) in an embedded leads database and in PostgreSQL (a server of its own, as
 * DATABASE_URL runs it), each read through the lead console as the server wires it (SQL reads).
 * Prints the list's p50/p95 per filter and store (first page, and a page deep in the list by
 * keyset cursor) against the 100 ms target, the GROQ path for contrast, and the export of every
 * lead to CSV and xlsx: rows/s and memory sampled along the way (flat when the rows stream).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { openEmbeddedStore } from '../../web/server/content/embedded';
import type { Mutation } from '../../web/server/content/types';
import { createLeadConsole } from '../../web/server/console/index';
import { LeadConsoleService } from '../../web/server/console/lead-console';
import { writeLeadCsv, writeLeadXlsx } from '../../web/server/console/lead-export';
import { EXPORT_PAGE_ROWS } from '../../web/server/console/lead-reads';
import { MemoryAuditTrail } from '../integration/memory-audit-trail';
import type { LeadExportRow, StaffActor } from '../../web/server/console/types';
import { leadFiltersToParams, type LeadFilters } from '../../web/shared/console';
import { FILTER_CASES, FIXTURE_TODAY, fixtureDocuments } from '../integration/lead-console-fixture';
import pg from 'pg';
import { openPostgresDocumentStore } from '../../web/server/content/postgres';
import { startServer as startPostgres, stopServer as stopPostgres, withClient, type ServerState } from '../support/postgres-server';
import { percentile, table } from './report';

const TARGET_P95_MS = 100;
const INSERT_BATCH = 5_000;
const actor: StaffActor = { email: 'bench@example.com', name: '벤치', role: 'admin', ip: '127.0.0.1' };
const ms = (value: number) => value.toFixed(value < 10 ? 2 : 1);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function timings(runs: number, task: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  samples.sort((a, b) => a - b);
  return { p50: percentile(samples, 50), p95: percentile(samples, 95) };
}

/** A download that takes every byte at once and keeps none of them. */
function discardingDownload(): Writable & { bytes: number } {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      sink.bytes += chunk.length;
      done();
    },
  }) as Writable & { bytes: number };
  sink.bytes = 0;
  return sink;
}

/** Passes the rows through, noting heap and RSS every `every` rows. */
async function* sampled(rows: AsyncIterable<LeadExportRow>, every: number, samples: Array<{ rows: number; heap: number; rss: number }>) {
  let count = 0;
  for await (const row of rows) {
    count += 1;
    if (count % every === 0) samples.push({ rows: count, ...memory() });
    yield row;
  }
}

function memory() {
  const { heapUsed, rss } = process.memoryUsage();
  return { heap: heapUsed, rss };
}

const FILTER_SETS: LeadFilters[] = [{}, ...FILTER_CASES.map(([filters]) => filters)];

/** The list's first page and its 21st page per filter set, printed; the worst p95. */
async function listTimings(leadConsole: LeadConsoleService, runs: number, store: string): Promise<number> {
  const rows: Array<Array<string | number>> = [];
  let worstP95 = 0;
  for (const filters of FILTER_SETS) {
    const label = leadFiltersToParams(filters).toString() || '(none)';
    const first = await leadConsole.list(filters, { limit: 50 }, actor);
    // Twenty pages in: the cursor of the 20th page.
    let deep = first;
    for (let page = 1; page < 20 && deep.next; page += 1) deep = await leadConsole.list(filters, { cursor: deep.next, limit: 50 }, actor);
    const firstPage = await timings(runs, () => leadConsole.list(filters, { limit: 50 }, actor));
    const deepCursor = deep.next ?? undefined;
    const deepPage = await timings(runs, () => leadConsole.list(filters, { cursor: deepCursor, limit: 50 }, actor));
    worstP95 = Math.max(worstP95, firstPage.p95, deepPage.p95);
    const within = Math.max(firstPage.p95, deepPage.p95) <= TARGET_P95_MS ? 'yes' : 'NO';
    rows.push([label, first.rows.length, ms(firstPage.p50), ms(firstPage.p95), deepCursor ? ms(deepPage.p95) : '-', within]);
  }
  console.log(`\nConsole list on ${store}\n`);
  console.log(table(['filter', 'rows', 'p50 ms', 'p95 ms', 'p95 page 21 ms', `≤ ${TARGET_P95_MS} ms`], rows));
  return worstP95;
}

/** The same leads in PostgreSQL (its own server, as DATABASE_URL runs it) and the same list timings. */
async function postgresListTimings(documents: ReturnType<typeof fixtureDocuments>, runs: number): Promise<[string, string, string]> {
  const stateDir = mkdtempSync(path.join(tmpdir(), 'bench-console-postgres-'));
  let server: ServerState | undefined;
  try {
    server = await startPostgres(stateDir);
    const { url } = server;
    await withClient(`${url}/postgres`, (client) => client.query('CREATE DATABASE bench_console TEMPLATE cheonghak_template'));
    const pool = new pg.Pool({ connectionString: `${url}/bench_console` });
    const store = await openPostgresDocumentStore({ pool });
    try {
      const started = performance.now();
      for (let start = 0; start < documents.length; start += INSERT_BATCH) {
        await store.mutate(documents.slice(start, start + INSERT_BATCH).map((document) => ({ createOrReplace: document }) as Mutation));
      }
      await pool.query('ANALYZE documents');
      console.log(`\n${documents.length.toLocaleString('en')} documents loaded into PostgreSQL in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const leadConsole = createLeadConsole({ leads: store, content: store, database: pool }, { audit: new MemoryAuditTrail(), staff: { list: async () => [] } });
      const worstP95 = await listTimings(leadConsole, runs, 'PostgreSQL (DATABASE_URL)');
      return [`console list, ${documents.length} documents, PostgreSQL`, `${ms(worstP95)} ms`, `worst p95 over ${FILTER_SETS.length} filters (target ≤ ${TARGET_P95_MS} ms)`];
    } finally {
      await store.close();
      await pool.end();
    }
  } finally {
    if (server) stopPostgres(server);
    rmSync(stateDir, { recursive: true, force: true });
  }
}

/** Returns the summary lines: [measure, value, detail]. */
export async function benchLeadConsole(options: { leads: number; runs: number }): Promise<Array<[string, string, string]>> {
  const summary: Array<[string, string, string]> = [];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-console-'));
  const file = path.join(dataDir, 'leads.sqlite');
  const store = await openEmbeddedStore({ file });
  try {
    let started = performance.now();
    const documents = fixtureDocuments(options.leads, FIXTURE_TODAY);
    for (let start = 0; start < documents.length; start += INSERT_BATCH) {
      await store.mutate(documents.slice(start, start + INSERT_BATCH).map((document) => ({ createOrReplace: document }) as Mutation));
    }
    const loadSeconds = (performance.now() - started) / 1000;
    started = performance.now();
    const audit = new MemoryAuditTrail();
    const leadConsole = createLeadConsole({ leads: store, content: store, sqliteFile: file }, { audit, staff: { list: async () => [] } });
    const indexSeconds = (performance.now() - started) / 1000;
    console.log(`\nSales console, ${options.leads.toLocaleString('en')} leads (embedded, SQL reads): loaded in ${loadSeconds.toFixed(1)} s, indexes built in ${indexSeconds.toFixed(1)} s\n`);

    const worstP95 = await listTimings(leadConsole, options.runs, 'embedded SQLite');
    summary.push([`console list, ${options.leads} leads, SQLite`, `${ms(worstP95)} ms`, `worst p95 over ${FILTER_SETS.length} filters (target ≤ ${TARGET_P95_MS} ms)`]);
    summary.push(await postgresListTimings(documents, options.runs));

    // The GROQ path on the same store, the way a Sanity-shaped query runs on groq-js, for contrast.
    const groqConsole = new LeadConsoleService({ leads: store, content: store, audit, staff: { list: async () => [] } });
    const groq = await timings(Math.min(options.runs, 5), () => groqConsole.list({ status: 'new' }, { limit: 50 }, actor));
    console.log(`\nThe same list (status=new) through the GROQ queries on groq-js, uncached: ${ms(groq.p95)} ms`);

    const exportRows: Array<Array<string | number>> = [];
    for (const [format, write] of [['csv', writeLeadCsv], ['xlsx', writeLeadXlsx]] as const) {
      const samples: Array<{ rows: number; heap: number; rss: number }> = [];
      const before = memory();
      const download = discardingDownload();
      started = performance.now();
      const count = await leadConsole.exportLeads({}, actor, { format, reason: '측정' }, async (rows) => {
        await write(sampled(rows, Math.ceil(options.leads / 10), samples), download);
      });
      const seconds = (performance.now() - started) / 1000;
      const peakHeap = Math.max(...samples.map((sample) => sample.heap));
      const peakRss = Math.max(...samples.map((sample) => sample.rss));
      exportRows.push([
        format,
        count,
        mb(download.bytes),
        (count / seconds).toFixed(0),
        `${mb(before.heap)} → ${mb(peakHeap)}`,
        `${mb(before.rss)} → ${mb(peakRss)}`,
        samples.map((sample) => (sample.heap / 1024 / 1024).toFixed(0)).join(' '),
      ]);
      summary.push([`console export ${format}, ${count} rows`, `${(count / seconds).toFixed(0)} rows/s`, `heap ${mb(before.heap)} before, peak ${mb(peakHeap)}`]);
    }
    console.log(`\nExport of every lead (streamed, read ${EXPORT_PAGE_ROWS} at a time)\n`);
    console.log(table(['format', 'rows', 'size', 'rows/s', 'heap before → peak', 'RSS before → peak', 'heap MB at each tenth'], exportRows));
    leadConsole.close();
    return summary;
  } finally {
    await store.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
