/**
 * `npm run leads -- import-sanity`'s move of a Sanity leads dataset into the sales database
 * (PostgreSQL, or the embedded leads.sqlite without DATABASE_URL): everything published comes
 * across once into the customer tables (registrations of one phone joined into one customer, a
 * slot's places counted from its bookings), drafts and Sanity's own documents stay, audit events
 * join the audit trail (what the audit page reads), a second run leaves the same rows, and what
 * the site wrote to the tables meanwhile is kept.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PostgresAuditTrail } from '../../../web/server/audit/postgres-trail';
import { SqliteAuditTrail } from '../../../web/server/audit/trail';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { openSqlite } from '../../../web/server/sqlite';
import { createSanitySource } from '../../../web/server/content/sanity';
import type { ContentSource } from '../../../web/server/content/types';
import { openEmbeddedSalesDatabase, salesDatabaseOnPostgres, type SalesDatabase } from '../../../web/server/database/index';
import { importLeadsDataset } from '../../../web/server/leads/import-sanity';
import { saveLead } from '../../../web/server/leads/store';
import { adSpendOfMonths } from '../../../web/server/measurement/ad-spend';
import { pageViewTallies } from '../../../web/server/measurement/page-views';
import { ContentLake, EDITOR_TOKEN } from '../../support/content-lake';
import { freshDatabaseUrl } from '../../support/postgres';
import { migrate } from '../../../web/server/postgres/index';
import { routeSanityHosts } from '../../support/route-sanity-hosts.mjs';

const LEADS = 1_234;
/** Leads of one phone come every PHONES leads: 1,234 registrations from 1,000 customers. */
const PHONES = 1_000;
const SLOT = 'visitSlot-20261205-1100';

function phoneOf(index: number): string {
  return `0101234${String(index % PHONES).padStart(4, '0')}`;
}

/** A lead document as the Sanity-era server wrote it; the first two booked the slot. */
function leadDocument(index: number): Record<string, unknown> {
  const createdAt = new Date(Date.UTC(2026, 9, 1) + index * 60_000).toISOString();
  const visit = index < 2 ? { visitSlot: { _type: 'reference', _ref: SLOT }, visitSlotStatus: 'booked', visitAt: '2026-12-05 11:00' } : {};
  return { _id: `lead-${String(index).padStart(5, '0')}`, _type: 'lead', name: `고객${index}`, phone: phoneOf(index), createdAt, formKind: 'popup', ...visit };
}
/** Ad spend and a page-view tally as the Sanity-era server kept them; the site reads them from tables now. */
const OLD_SALES_DOCUMENTS = [
  { _id: 'adSpend-2026-11-x', _type: 'adSpend', campaign: 'autumn', month: '2026-11', amount: 1_200_000 },
  {
    _id: 'pageViews-2026-11-02-x',
    _type: 'pageViewDay',
    day: '2026-11-02',
    path: '/',
    device: 'mobile',
    utmCampaign: 'autumn',
    views: 9,
    visits: 4,
    visitors: 3,
  },
];
const MOVED_SPEND = [{ campaign: 'autumn', month: '2026-11', amount: 1_200_000 }];
const MOVED_TALLY = { day: '2026-11-02', path: '/', utmCampaign: 'autumn', views: 9, visits: 4, visitors: 3 };
/** An audit record of the old dataset, as the Sanity-era server wrote it. */
const OLD_AUDIT_EVENT = {
  _id: 'auditEvent-1',
  _type: 'auditEvent',
  at: '2026-10-02T03:04:05.678Z',
  action: 'leadView',
  actor: 'sales@example.kr',
  target: 'lead-00007',
  detail: '상세 조회',
  ip: '203.0.113.9',
};
/** What the audit page shows of it. */
const IMPORTED_ENTRY = { at: OLD_AUDIT_EVENT.at, action: 'leadView', actor: 'sales@example.kr', target: 'lead-00007', detail: '상세 조회', ip: '203.0.113.9' };

let lake: ContentLake;
let unroute: () => void;
let dataset: ContentSource;
let databaseUrl: string;
let pool: pg.Pool;
let audit: PostgresAuditTrail;
let sales: SalesDatabase;

/** What the customer tables hold, row for row (ids and what a second run could double). */
async function tableRows(database: SalesDatabase) {
  return {
    customers: (await database.db.selectFrom('customers').select(['phone', 'name']).orderBy('phone').execute()).map((row) => `${row.phone} ${row.name}`),
    registrations: (
      await database.db
        .selectFrom('registrations')
        .innerJoin('customers', 'customers.id', 'registrations.customer_id')
        .select(['registrations.id', 'customers.phone'])
        .orderBy('registrations.id')
        .execute()
    ).map((row) => `${row.id} ${row.phone}`),
    bookings: (await database.db.selectFrom('bookings').select(['registration_id', 'slot_id', 'status']).orderBy('registration_id').execute()).map(
      (row) => `${row.registration_id} ${row.slot_id} ${row.status}`,
    ),
    slots: await database.db.selectFrom('visit_slots').select(['id', 'capacity', 'booked']).orderBy('id').execute(),
  };
}

/** The dataset's leads are the customer tables' registrations, one customer per phone. */
async function expectLeadsMoved(database: SalesDatabase): Promise<void> {
  const rows = await tableRows(database);
  expect(rows.registrations).toHaveLength(LEADS);
  expect(rows.customers).toHaveLength(PHONES);
  // The latest registration names its customer: 고객1007 registered after 고객7 from the same phone.
  expect(rows.customers).toContain(`${phoneOf(7)} 고객1007`);
  expect(rows.registrations).toEqual(expect.arrayContaining([`lead-00007 ${phoneOf(7)}`, `lead-01007 ${phoneOf(7)}`]));
  expect(rows.bookings).toEqual([`lead-00000 ${SLOT} booked`, `lead-00001 ${SLOT} booked`]);
  expect(rows.slots).toEqual([{ id: SLOT, capacity: 6, booked: 2 }]);
}

/** The dataset's ad spend, tally and staff account are in the tables the statistics page and sign-in read. */
async function expectSalesTablesMoved(sales: SalesDatabase): Promise<void> {
  expect(await adSpendOfMonths(sales, ['2026-11'])).toEqual(MOVED_SPEND);
  expect(await pageViewTallies(sales, { from: '2026-11-01', to: '2026-11-30' })).toEqual([expect.objectContaining(MOVED_TALLY)]);
  expect(await sales.db.selectFrom('staff_accounts').select(['email', 'name', 'role', 'disabled']).execute()).toEqual([
    { email: 'sales@example.kr', name: '김상담', role: 'sales', disabled: 0 },
  ]);
}

beforeEach(async () => {
  lake = new ContentLake();
  const documents = [
    ...Array.from({ length: LEADS }, (_, index) => leadDocument(index)),
    { _id: SLOT, _type: 'visitSlot', date: '2026-12-05', time: '11:00', capacity: 6, booked: 2 },
    {
      _id: 'staffAccount-a',
      _type: 'staffAccount',
      email: 'sales@example.kr',
      name: '김상담',
      role: 'sales',
      passwordHash: 'scrypt$16384$8$1$c2FsdA$a2V5',
      createdAt: '2026-10-01T00:00:00.000Z',
      updatedAt: '2026-10-01T00:00:00.000Z',
    },
    OLD_AUDIT_EVENT,
    ...OLD_SALES_DOCUMENTS,
    { _id: 'drafts.lead-00001', _type: 'lead', name: '초안' },
  ];
  unroute = routeSanityHosts(await lake.start({ production: [], leads: documents }));
  dataset = createSanitySource({
    projectId: lake.projectId,
    dataset: 'leads',
    apiVersion: '2025-02-19',
    token: EDITOR_TOKEN,
    useCdn: false,
    cacheTtlMs: 0,
    maxRetries: 0,
  });
  databaseUrl = await freshDatabaseUrl();
  pool = new pg.Pool({ connectionString: databaseUrl });
  await migrate(databaseUrl);
  audit = new PostgresAuditTrail(pool);
  sales = salesDatabaseOnPostgres(pool);
});

afterEach(async () => {
  await pool.end();
  unroute();
  await lake.stop();
});

const count = async (where = '') => Number((await pool.query<{ count: string }>(`SELECT count(*) FROM documents ${where}`)).rows[0].count);

describe('moving a Sanity leads dataset into PostgreSQL', () => {
  it('every published document once, into the customer tables; drafts stay behind; a second run leaves the same rows', async () => {
    const first = await importLeadsDataset(dataset, { sales, audit });
    expect(first).toEqual({ read: LEADS + 5, created: LEADS + 5, alreadyThere: 0 });
    await expectLeadsMoved(sales);
    await expectSalesTablesMoved(sales);
    expect(await count(`WHERE type = 'auditEvent'`)).toBe(0);
    expect((await audit.list({})).entries).toEqual([expect.objectContaining(IMPORTED_ENTRY)]);
    expect(await count(`WHERE id LIKE 'drafts.%'`)).toBe(0);
    const rows = await tableRows(sales);

    const again = await importLeadsDataset(dataset, { sales, audit });
    expect(again).toEqual({ read: LEADS + 5, created: 0, alreadyThere: LEADS + 5 });
    expect(await tableRows(sales)).toEqual(rows);
    expect((await audit.list({ lead: 'lead-00007' })).entries).toEqual([expect.objectContaining(IMPORTED_ENTRY)]);
  });

  it('keeps what the site wrote to the tables before the move: its registration joins the customer, its booking keeps its place', async () => {
    await sales.db
      .insertInto('visit_slots')
      .values({ id: SLOT, date: '2026-12-05', time: '11:00', capacity: 6, created_at: '2026-11-01T00:00:00.000Z' })
      .execute();
    const createdAt = '2026-11-20T00:00:00.000Z';
    const siteLead = {
      _id: 'lead-site',
      _type: 'lead' as const,
      name: '사이트고객',
      phone: phoneOf(7),
      createdAt,
      formKind: 'popup' as const,
      consent: { privacy: true as const, marketing: false, ageOver14: true as const, noticeVersion: '2026-11', agreedAt: createdAt },
    };
    expect(await saveLead(sales, siteLead, SLOT, 'refuse', '2026-11-20')).toMatchObject({ status: 'created' });
    await audit.record({ actor: 'admin@example.kr', action: 'leadExport', ip: '198.51.100.1', detail: '1건' });
    await importLeadsDataset(dataset, { sales, audit });
    const rows = await tableRows(sales);
    expect(rows.registrations).toHaveLength(LEADS + 1);
    expect(rows.customers).toHaveLength(PHONES);
    expect(rows.registrations).toContain(`lead-site ${phoneOf(7)}`);
    // The site's registration is the customer's latest: older ones brought in after it do not rename it or age it.
    expect(rows.customers).toContain(`${phoneOf(7)} 사이트고객`);
    const customer = await sales.db
      .selectFrom('customers')
      .select(['first_registered_at', 'last_registered_at'])
      .where('phone', '=', phoneOf(7))
      .executeTakeFirstOrThrow();
    expect(customer).toEqual({ first_registered_at: leadDocument(7).createdAt, last_registered_at: createdAt });
    expect(rows.bookings).toContain(`lead-site ${SLOT} booked`);
    expect(rows.slots).toEqual([{ id: SLOT, capacity: 6, booked: 3 }]);
    expect((await audit.list({})).entries.map((entry) => entry.action).sort()).toEqual(['leadExport', 'leadView']);
  });

  it('npm run leads -- import-sanity: the operator command moves the dataset and says what it did', async () => {
    const { stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', 'import-sanity'], {
      env: { ...process.env, ...lake.childEnv, SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: EDITOR_TOKEN, DATABASE_URL: databaseUrl },
    });
    expect(stderr).toContain(`문서 ${LEADS + 5}건 중 ${LEADS + 5}건을 PostgreSQL로 옮겼습니다`);
    await expectLeadsMoved(sales);
    await expectSalesTablesMoved(sales);
  });

  // Two runs of the CLI from source (tsx compiles it each time): past 30 s on a loaded 2-core machine.
  it('without DATABASE_URL moves the dataset into the embedded leads database (DATA_DIR/leads.sqlite), once', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'import-sanity-'));
    try {
      // A trail the server kept before imports existed: its table has no column for an imported id.
      const before = openSqlite(path.join(dataDir, 'leads.sqlite'));
      before.exec(`CREATE TABLE audit_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL,
        action TEXT NOT NULL, target TEXT, detail TEXT, ip TEXT NOT NULL)`);
      before
        .prepare('INSERT INTO audit_events (at, actor, action, ip) VALUES (?, ?, ?, ?)')
        .run('2026-11-20T00:00:00.000Z', 'admin@example.kr', 'signIn', '198.51.100.1');
      before.close();
      const env = { ...process.env, ...lake.childEnv, SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: EDITOR_TOKEN, DATABASE_URL: '', DATA_DIR: dataDir };
      const run = () => promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', 'import-sanity'], { env });
      expect((await run()).stderr).toContain(`문서 ${LEADS + 5}건 중 ${LEADS + 5}건을 ${path.join(dataDir, 'leads.sqlite')}로 옮겼습니다`);
      expect((await run()).stderr).toContain(`문서 ${LEADS + 5}건 중 0건을`);
      const embedded = await openEmbeddedSalesDatabase(dataDir);
      try {
        await expectLeadsMoved(embedded);
        await expectSalesTablesMoved(embedded);
      } finally {
        await embedded.close();
      }
      const database = openLeadsDatabase(dataDir);
      try {
        expect((await new SqliteAuditTrail(database).list({})).entries).toEqual([
          expect.objectContaining({ action: 'signIn', actor: 'admin@example.kr' }),
          expect.objectContaining(IMPORTED_ENTRY),
        ]);
      } finally {
        database.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses to run without a Sanity project to move from', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/leads.ts', 'import-sanity'], {
      env: { ...process.env, SANITY_PROJECT_ID: '', DATABASE_URL: databaseUrl },
    });
    await expect(run).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('SANITY_PROJECT_ID') });
  });
});
