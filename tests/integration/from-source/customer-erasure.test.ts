/**
 * A customer's data deleted on request with `npm run leads -- delete --phone … --reason …`, on the
 * embedded database and on PostgreSQL: the customer with the number and everything on them
 * (registrations, memos, calls, a booking whose place is given back), its message log rows and a
 * copy waiting in the outbox are gone for good — no table, no file of DATA_DIR, no export and no
 * pg_dump taken afterwards holds the name or the number — while another customer stays; the audit
 * record names the customer masked, with the count and the 사유.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStaffServices } from '../../../web/server/auth/staff-services';
import { loadConfig, type ServerConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources, type ContentSources } from '../../../web/server/content/index';
import type { SalesDatabase } from '../../../web/server/database/index';
import { withdrawMarketingOfLead } from '../../../web/server/console/customer-erasure';
import { leadFilterParams } from '../../../web/server/customers/lead-query';
import { listCustomers } from '../../../web/server/customers/customer-list';
import { exportCustomers } from '../../../web/server/customers/export-reads';
import { openLeadOutbox } from '../../../web/server/leads/outbox';
import { PostgresLeadOutbox } from '../../../web/server/leads/postgres-outbox';
import { saveLead, type LeadDocument } from '../../../web/server/leads/store';
import { SalesMessageLog } from '../../../web/server/messages/index';
import { leadsCli } from '../../support/leads-cli';
import { freshDatabaseUrl } from '../../support/postgres';
import { postgresBinaries } from '../../support/postgres-server';
import { registrationMessages } from '../../support/registration-messages';

const NAME = '탁민서';
const PHONE = '01077712345';
const OTHER_PHONE = '01011112222';
const SLOT = 'visitSlot-erasure';
const REASON = '고객 전화 요청 (동의 철회)';

let dataDir: string;
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function lead(id: string, name: string, phone: string, extra: Partial<LeadDocument> & Record<string, unknown> = {}): LeadDocument {
  const createdAt = new Date().toISOString();
  return {
    _id: id,
    _type: 'lead',
    name,
    phone,
    message: `${name} 문의`,
    consent: { privacy: true, marketing: true, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
    ...extra,
  };
}

/** Every file under `dir` whose bytes hold one of `markers`. */
function filesHolding(dir: string, markers: string[]): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => markers.some((marker) => readFileSync(file).includes(Buffer.from(marker))));
}

async function seed(sources: ContentSources, config: ServerConfig): Promise<void> {
  const { sales } = sources;
  const today = new Date().toISOString().slice(0, 10);
  await sales.db.insertInto('visit_slots').values({ id: SLOT, date: '2099-12-01', time: '14:00', capacity: 5, created_at: new Date().toISOString() }).execute();
  await saveLead(sales, lead('lead-erase-1', NAME, PHONE), SLOT, 'refuse', today);
  await saveLead(sales, lead('lead-erase-2', NAME, PHONE), null, 'refuse', today);
  await saveLead(sales, lead('lead-other', '홍길동', OTHER_PHONE), null, 'refuse', today);
  const { id: customerId } = await sales.db.selectFrom('customers').select('id').where('phone', '=', PHONE).executeTakeFirstOrThrow();
  const at = new Date().toISOString();
  await sales.db
    .insertInto('memos')
    .values({ id: 'memo1', customer_id: customerId, at, author_email: 'kim@example.kr', author_name: '김상담', text: `${NAME}님 다시 전화 ${PHONE}` })
    .execute();
  await sales.db
    .insertInto('calls')
    .values({ id: 'call1', customer_id: customerId, at, author_email: 'kim@example.kr', author_name: '김상담', result: 'noAnswer', callback_at: null })
    .execute();
  const messages = new SalesMessageLog(sales);
  await messages.enqueue([{ key: 'registration:lead-erase-1', leadId: 'lead-erase-1', event: 'registration' }], Date.now());
  await messages.close();
  const outbox = sources.database ? new PostgresLeadOutbox(sources.database) : openLeadOutbox(path.join(config.dataDir, 'lead-outbox.sqlite'));
  await outbox.add(lead('lead-erase-waiting', NAME, PHONE), null, Date.now(), 'visit slot contended');
  await outbox.close();
}

/** How many rows of each table of a customer's are left (all customers'). */
async function rowsLeft(sales: SalesDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of ['customers', 'registrations', 'bookings', 'memos', 'calls', 'assignments'] as const) {
    const row = await sales.db
      .selectFrom(table)
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    counts[table] = Number(row.count);
  }
  return counts;
}

const STORES: Array<[string, () => Promise<Record<string, string>>]> = [
  ['the embedded store', async () => ({})],
  ['PostgreSQL', async () => ({ DATABASE_URL: await freshDatabaseUrl() })],
];

describe.each(STORES)('deleting a customer on request, on %s', (_name, environment) => {
  it('leaves no trace of the name or the number in any table, file, export or backup; another customer stays', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'erasure-'));
    const env: Record<string, string> = { ...(await environment()), DATA_DIR: dataDir };
    const config = loadConfig(env);
    let sources = await createContentSources(config);
    await seed(sources, config);
    expect(await rowsLeft(sources.sales)).toEqual({ customers: 2, registrations: 3, bookings: 1, memos: 1, calls: 1, assignments: 0 });
    await closeContentSources(sources);

    expect((await leadsCli(env, ['delete', '--phone', '010-7771-2345'])).code, 'a 사유 is required').toBe(2);
    const deleted = await leadsCli(env, ['delete', '--phone', '010-7771-2345', '--reason', REASON]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.output).toContain('탁*서 고객의 등록 3건을 삭제했습니다.');
    expect(deleted.output).not.toContain(PHONE);
    expect((await leadsCli(env, ['delete', '--phone', PHONE, '--reason', REASON])).code, 'nothing left to delete').toBe(1);

    sources = await createContentSources(config);
    const staff = await openStaffServices(sources, config);
    try {
      expect(await rowsLeft(sources.sales)).toEqual({ customers: 1, registrations: 1, bookings: 0, memos: 0, calls: 0, assignments: 0 });
      expect((await sources.sales.db.selectFrom('registrations').select('id').execute()).map((row) => row.id)).toEqual(['lead-other']);
      expect((await sources.sales.db.selectFrom('visit_slots').select('booked').where('id', '=', SLOT).executeTakeFirstOrThrow()).booked).toBe(0);
      expect(await registrationMessages(sources.sales, 'lead-erase-1')).toEqual([]);
      const exported = await exportCustomers(sources.sales, leadFilterParams({}), null);
      expect(exported).toHaveLength(1);
      expect(JSON.stringify(exported[0])).toContain(OTHER_PHONE);
      const records = (await staff.audit.list({ action: 'customerDelete' })).entries;
      expect(records.map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([
        { actor: 'cli', target: '탁*서', detail: `등록 3건 삭제, 사유: ${REASON}` },
      ]);
    } finally {
      await staff.close();
      await Promise.all([sources.content.close(), sources.sales.close()]);
    }

    const markers = [NAME, PHONE, '7771-2345'];
    if (sources.database) {
      await sources.database.end();
      const backup = execFileSync(path.join(postgresBinaries(), 'pg_dump'), ['--format=plain', `--dbname=${env.DATABASE_URL}`]).toString('utf8');
      expect(backup).toContain(OTHER_PHONE);
      for (const marker of markers) expect(backup.includes(marker), `the backup holds ${marker}`).toBe(false);
    }
    expect(filesHolding(dataDir, markers)).toEqual([]);
  }, 120_000);
});

describe.each(STORES)('withdrawing the marketing consent, on %s', (_name, environment) => {
  it("takes it off the customer at once, asked from any of its registrations: the list's 동의 filter (and so an export made with it) leaves them out; recorded masked", async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'withdrawal-'));
    const config = loadConfig({ ...(await environment()), DATA_DIR: dataDir });
    const sources = await createContentSources(config);
    const staff = await openStaffServices(sources, config);
    const admin = { email: 'boss@example.kr', name: '관리자', role: 'admin' as const, ip: '10.0.0.1' };
    try {
      const today = new Date().toISOString().slice(0, 10);
      for (const [id, name, phone] of [
        ['lead-withdraw-1', NAME, PHONE],
        ['lead-withdraw-2', NAME, PHONE],
        ['lead-keeps', '홍길동', OTHER_PHONE],
      ]) {
        await saveLead(sources.sales, lead(id, name, phone), null, 'refuse', today);
      }
      const stores = { sales: sources.sales };
      expect(await withdrawMarketingOfLead(stores, 'lead-withdraw-1', { ...admin, role: 'sales' })).toEqual({ ok: false, error: 'forbidden' });
      expect(await withdrawMarketingOfLead(stores, 'lead-unknown', admin)).toEqual({ ok: false, error: 'notFound' });
      expect(await withdrawMarketingOfLead(stores, 'lead-withdraw-2', admin)).toEqual({ ok: true, withdrawn: true, maskedName: '탁*서' });
      const consenting = await listCustomers(sources.sales, leadFilterParams({ marketing: true }), null, 50);
      expect(consenting.map((row) => row.phone)).toEqual([OTHER_PHONE]);
      expect(await exportCustomers(sources.sales, leadFilterParams({ marketing: true }), null)).toHaveLength(1);
      const { id: customerId, marketing_consent: consent } = await sources.sales.db
        .selectFrom('customers')
        .select(['id', 'marketing_consent'])
        .where('phone', '=', PHONE)
        .executeTakeFirstOrThrow();
      expect(consent).toBe(0);
      // Asked again, by the customer's own id: nothing left to withdraw, and said so.
      expect(await withdrawMarketingOfLead(stores, customerId, admin)).toEqual({ ok: true, withdrawn: false, maskedName: '탁*서' });
      const records = (await staff.audit.list({ action: 'consentWithdraw' })).entries;
      expect(records.map(({ target, detail }) => ({ target, detail }))).toEqual([
        { target: '탁*서', detail: '마케팅 수신 동의 철회 0건' },
        { target: '탁*서', detail: '마케팅 수신 동의 철회 1건' },
      ]);
    } finally {
      await staff.close();
      await closeContentSources(sources);
    }
  }, 60_000);
});
