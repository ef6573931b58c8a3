/**
 * Personal data at rest: DATA_DIR is private to the server's user (0700, files 0600, tightened at
 * start for an older install), a deleted or purged customer leaves no readable trace in the database
 * or its WAL, and outbox entries the store refused are purged with the retention period.
 */
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../web/server/config';
import { closeContentSources, createContentSources, type ContentSources } from '../../../web/server/content/index';
import { eraseCustomerRows } from '../../../web/server/customers/customer-erasure';
import { createLeadService, type LeadService } from '../../../web/server/leads/index';
import { openLeadOutbox } from '../../../web/server/leads/outbox';
import { saveLead, type LeadDocument } from '../../../web/server/leads/store';

const DAY_MS = 86_400_000;

let dataDir: string;
let sources: ContentSources | undefined;
let service: LeadService | undefined;

afterEach(async () => {
  await service?.close();
  if (sources) await closeContentSources(sources);
  service = undefined;
  sources = undefined;
  rmSync(dataDir, { recursive: true, force: true });
});

async function start(): Promise<{ sources: ContentSources; service: LeadService }> {
  const config = loadConfig({ DATA_DIR: dataDir });
  sources = await createContentSources(config);
  service = createLeadService(sources, config);
  return { sources, service };
}

function leadNamed(name: string, createdAt: string, phone = '01012345678'): LeadDocument {
  return {
    _id: `lead-${name.toLowerCase()}`,
    _type: 'lead',
    name,
    phone,
    consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    createdAt,
    formKind: 'popup',
  };
}

/** Stores `lead` as the site's form does. */
async function store(started: ContentSources, lead: LeadDocument): Promise<void> {
  expect(await saveLead(started.sales, lead, null, 'refuse', lead.createdAt.slice(0, 10))).toMatchObject({ status: 'created' });
}

/** Every file under `dir` whose bytes contain `marker`. */
function filesContaining(dir: string, marker: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => readFileSync(file).includes(Buffer.from(marker)));
}

function modes(dir: string): Record<string, string> {
  const found: Record<string, string> = { '.': (statSync(dir).mode & 0o777).toString(8) };
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath, entry.name);
    found[path.relative(dir, file)] = (statSync(file).mode & 0o777).toString(8);
  }
  return found;
}

describe('DATA_DIR', () => {
  it('is 0700 with 0600 files (databases, WAL, outbox, secrets), an older readable install included', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'leads-at-rest-'));
    chmodSync(dataDir, 0o755);
    mkdirSync(path.join(dataDir, 'auth'), { mode: 0o755 });
    writeFileSync(path.join(dataDir, 'auth', 'admin.json'), '{}', { mode: 0o644 });
    const { sources: started } = await start();
    await store(started, leadNamed('Permissions', new Date().toISOString()));
    const found = modes(dataDir);
    expect(Object.keys(found)).toEqual(
      expect.arrayContaining(['leads.sqlite', 'leads.sqlite-wal', 'content.sqlite-wal', 'lead-outbox.sqlite-wal', 'lead-form-secret']),
    );
    const expected = Object.fromEntries(Object.keys(found).map((name) => [name, name === '.' || name === 'auth' ? '700' : '600']));
    expect(found).toEqual(expected);
  });
});

describe('deleted customers', () => {
  it('are not readable in the database or its WAL once purged or deleted', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'leads-at-rest-'));
    const { sources: started, service: leads } = await start();
    const old = new Date(Date.now() - 400 * DAY_MS).toISOString();
    await store(started, leadNamed('PurgedMarkerQ7', old, '01011110000'));
    await store(started, leadNamed('DeletedMarkerZ3', new Date().toISOString(), '01022220000'));
    expect(filesContaining(dataDir, 'PurgedMarkerQ7')).not.toEqual([]);

    expect((await leads.purgeExpired()).deleted).toBe(1);
    expect(await eraseCustomerRows(started.sales, '01022220000', '본인 요청', { email: 'admin@example.kr', ip: '127.0.0.1' })).not.toBeNull();
    expect(filesContaining(dataDir, 'PurgedMarkerQ7')).toEqual([]);
    expect(filesContaining(dataDir, 'DeletedMarkerZ3')).toEqual([]);
  });
});

describe('the outbox', () => {
  it('purges entries the store refused once they are past the retention period, leaving no trace', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'leads-at-rest-'));
    const outboxFile = path.join(dataDir, 'lead-outbox.sqlite');
    const outbox = openLeadOutbox(outboxFile);
    const old = leadNamed('RefusedMarkerK8', new Date(Date.now() - 400 * DAY_MS).toISOString());
    const recent = leadNamed('RecentRefused', new Date().toISOString());
    await outbox.add(old, null, Date.now() - 400 * DAY_MS);
    await outbox.add(recent, null);
    await outbox.drain(Date.now(), 10, async () => ({ refused: 'refused by the store' }));
    await outbox.close();

    const { service: leads } = await start();
    await leads.purgeExpired();
    await leads.close();
    service = undefined;
    const reopened = openLeadOutbox(outboxFile);
    expect(await reopened.find(old._id)).toBeNull();
    expect(await reopened.find(recent._id)).not.toBeNull();
    await reopened.close();
    expect(filesContaining(dataDir, 'RefusedMarkerK8')).toEqual([]);
  });
});
