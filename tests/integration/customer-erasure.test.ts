/**
 * A customer's data deleted on request with `npm run leads -- delete --phone … --reason …`, on the
 * embedded store and on PostgreSQL: every registration with the number (memos, calls, a booking,
 * whose place is given back), its message log rows and a copy waiting in the outbox are gone for
 * good — no table, no file of DATA_DIR, no export and no pg_dump taken afterwards holds the name or
 * the number — while another customer stays; the audit record names the customer masked, with the
 * count and the 사유.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openStaffServices } from '../../web/server/auth/staff-services';
import { loadConfig, type ServerConfig } from '../../web/server/config';
import { createContentSources, type ContentSources } from '../../web/server/content/index';
import { leadsDatabaseFile } from '../../web/server/database/leads-file';
import { withdrawMarketingOfLead } from '../../web/server/console/customer-erasure';
import { createLeadConsole } from '../../web/server/console/index';
import { openLeadOutbox } from '../../web/server/leads/outbox';
import { PostgresLeadOutbox } from '../../web/server/leads/postgres-outbox';
import type { LeadDocument } from '../../web/server/leads/store';
import { SalesMessageLog } from '../../web/server/messages/index';
import { leadsCli } from '../support/leads-cli';
import { freshDatabaseUrl } from '../support/postgres';
import { postgresBinaries } from '../support/postgres-server';

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
  const visit = { visitSlot: { _type: 'reference', _ref: SLOT }, visitSlotStatus: 'booked', visitAt: '2099-12-01 14:00', status: 'visitBooked' };
  const work = {
    memos: [{ _key: 'memo1', authorEmail: 'kim@example.kr', authorName: '김상담', at: new Date().toISOString(), text: `${NAME}님 다시 전화 ${PHONE}` }],
    calls: [{ _key: 'call1', result: 'noAnswer', authorEmail: 'kim@example.kr', authorName: '김상담', at: new Date().toISOString() }],
  };
  await sources.leads.mutate([
    { create: { _id: SLOT, _type: 'visitSlot', date: '2099-12-01', time: '14:00', capacity: 5, booked: 1 } },
    { create: lead('lead-erase-1', NAME, PHONE, { ...visit, ...work }) },
    { create: lead('lead-erase-2', NAME, PHONE) },
    { create: lead('lead-other', '홍길동', OTHER_PHONE) },
  ]);
  const messages = new SalesMessageLog(sources.sales);
  await messages.enqueue([{ key: 'registration:lead-erase-1', leadId: 'lead-erase-1', event: 'registration' }], Date.now());
  await messages.close();
  const outbox = sources.database ? new PostgresLeadOutbox(sources.database) : openLeadOutbox(path.join(config.dataDir, 'lead-outbox.sqlite'));
  await outbox.add(lead('lead-erase-waiting', NAME, PHONE), null, Date.now(), 'visit slot contended');
  await outbox.close();
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
    await Promise.all([sources.content.close(), sources.leads.close()]);
    await sources.database?.end();

    expect((await leadsCli(env, ['delete', '--phone', '010-7771-2345'])).code, 'a 사유 is required').toBe(2);
    const deleted = await leadsCli(env, ['delete', '--phone', '010-7771-2345', '--reason', REASON]);
    expect(deleted).toMatchObject({ code: 0 });
    expect(deleted.output).toContain('탁*서 고객의 등록 3건을 삭제했습니다.');
    expect(deleted.output).not.toContain(PHONE);
    expect((await leadsCli(env, ['delete', '--phone', PHONE, '--reason', REASON])).code, 'nothing left to delete').toBe(1);

    sources = await createContentSources(config);
    const staff = await openStaffServices(sources, config);
    const messages = new SalesMessageLog(sources.sales);
    const leadConsole = createLeadConsole(
      { leads: sources.leads, content: sources.content, sqliteFile: sources.database ? undefined : leadsDatabaseFile(dataDir), database: sources.database },
      staff,
    );
    try {
      expect(await sources.leads.fetch('*[_type == "lead"]._id')).toEqual(['lead-other']);
      expect(await sources.leads.fetch(`*[_id == "${SLOT}"][0].booked`)).toBe(0);
      expect(await messages.forLead('lead-erase-1')).toEqual([]);
      const exported: string[] = [];
      const operator = { email: 'boss@example.kr', name: '관리자', role: 'admin' as const, ip: '10.0.0.1' };
      await leadConsole.exportLeads({}, operator, { format: 'csv', reason: '확인' }, async (rows) => {
        for await (const row of rows) exported.push(JSON.stringify(row));
      });
      expect(exported).toHaveLength(1);
      expect(exported[0]).toContain(OTHER_PHONE);
      const records = (await staff.audit.list({ action: 'customerDelete' })).entries;
      expect(records.map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([{ actor: 'cli', target: '탁*서', detail: `등록 3건 삭제, 사유: ${REASON}` }]);
    } finally {
      leadConsole.close();
      await staff.close();
      await messages.close();
      await Promise.all([sources.content.close(), sources.leads.close()]);
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
  it('takes it off every registration of the number at once: the list\'s 동의 filter (and so an export made with it) leaves them out; recorded masked', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'withdrawal-'));
    const config = loadConfig({ ...(await environment()), DATA_DIR: dataDir });
    const sources = await createContentSources(config);
    const staff = await openStaffServices(sources, config);
    const leadConsole = createLeadConsole(
      { leads: sources.leads, content: sources.content, sqliteFile: sources.database ? undefined : leadsDatabaseFile(dataDir), database: sources.database },
      staff,
    );
    const admin = { email: 'boss@example.kr', name: '관리자', role: 'admin' as const, ip: '10.0.0.1' };
    try {
      await sources.leads.mutate([
        { create: lead('lead-withdraw-1', NAME, PHONE) },
        { create: lead('lead-withdraw-2', NAME, PHONE) },
        { create: lead('lead-keeps', '홍길동', OTHER_PHONE) },
      ]);
      const stores = { leads: sources.leads, audit: staff.audit };
      expect(await withdrawMarketingOfLead(stores, 'lead-withdraw-1', { ...admin, role: 'sales' })).toEqual({ ok: false, error: 'forbidden' });
      expect(await withdrawMarketingOfLead(stores, 'lead-withdraw-1', admin)).toEqual({ ok: true, withdrawn: 2, maskedName: '탁*서' });
      const consenting = await leadConsole.list({ marketing: true }, { limit: 50 }, admin);
      expect(consenting.rows.map((row) => row.id)).toEqual(['lead-keeps']);
      expect(await sources.leads.fetch(`*[_type == "lead" && phone == "${PHONE}"].consent.marketing`)).toEqual([false, false]);
      const records = (await staff.audit.list({ action: 'consentWithdraw' })).entries;
      expect(records.map(({ target, detail }) => ({ target, detail }))).toEqual([{ target: '탁*서', detail: '마케팅 수신 동의 철회 2건' }]);
    } finally {
      leadConsole.close();
      await staff.close();
      await Promise.all([sources.content.close(), sources.leads.close()]);
      await sources.database?.end();
    }
  }, 60_000);
});
