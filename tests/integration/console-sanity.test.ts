/**
 * The sales console on the Sanity backend, over HTTP against the built server (`node server.js`)
 * in Sanity mode as production runs it (Sanity's real host names, reaching the Content Lake
 * stand-in) with the content in one dataset and the leads, the staff accounts and the audit trail
 * in the private leads dataset: an admin signs in at /admin, works the list (masked phones, a filter), changes a
 * lead's status (a stale revision is refused with 409 and nothing written), adds a memo, opens the
 * visit sheet and the dashboard, exports the filtered rows, adds a sales account that is refused
 * the accounts page; every action leaves its auditEvent document in the leads dataset.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../web/server/content/seed';
import type { SanityDocument } from '../../web/server/content/types';
import { seoulDay } from '../../web/shared/seoul-time';
import { cookiesOf, getWithCookie, postFormWithCookie, type RawResponse } from '../support/http';
import { startServer, type RunningServer } from '../support/built-server';
import { fixtureDocuments, type FixtureLead } from './lead-console-fixture';
import { ContentLake, EDITOR_TOKEN } from '../support/content-lake';
import { hashTestPassword } from '../support/passwords';

const EMAIL = 'manager@example.kr';
const PASSWORD = 'sanity-console-password';
const SALES_EMAIL = 'desk@example.kr';
const SALES_PASSWORD = 'sanity-desk-password';
const TODAY = seoulDay(Date.now());

let sanity: ContentLake;
let server: RunningServer;
let cookie: string;
let leads: FixtureLead[];

beforeAll(async () => {
  sanity = new ContentLake();
  const content = await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() });
  const fixtures = fixtureDocuments(40, TODAY);
  leads = fixtures.filter((document): document is FixtureLead => document._type === 'lead');
  await sanity.start({ production: content, leads: fixtures });
  server = await startServer({
    env: {
      ...sanity.childEnv,
      SANITY_PROJECT_ID: sanity.projectId,
      SANITY_API_TOKEN: EDITOR_TOKEN,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD_HASH: await hashTestPassword(PASSWORD),
      SESSION_SECRET: 'session-secret-for-the-sanity-console-test-01',
    },
  });
  cookie = await signIn(EMAIL, PASSWORD);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await sanity?.stop();
});

async function signIn(email: string, password: string): Promise<string> {
  const response = await postForm('/admin', { intent: 'login', email, password }, '');
  expect(response.status).toBe(302);
  return cookiesOf(response);
}

function get(path: string, withCookie = cookie): Promise<RawResponse> {
  return getWithCookie(server.url, path, withCookie);
}

function postForm(path: string, fields: Record<string, string>, withCookie = cookie): Promise<RawResponse> {
  return postFormWithCookie(server.url, path, fields, withCookie);
}

const html = (response: RawResponse) => response.body.toString('utf8');

function hiddenValue(page: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(page) ?? new RegExp(`value="([^"]*)" name="${name}"`).exec(page);
  expect(match, `hidden field ${name}`).not.toBeNull();
  return match![1];
}

/** The audit actions recorded in the stand-in's leads dataset, oldest first. */
function auditActions(): string[] {
  return sanity
    .dataset('leads')
    .documents()
    .filter((document: SanityDocument) => document._type === 'auditEvent')
    .sort((a, b) => String(a.at).localeCompare(String(b.at)))
    .map((document) => String(document.action));
}

describe('the sales console on the Sanity backend', () => {
  it('lists leads newest first with masked phones, filtered by status', async () => {
    const newLeads = leads.filter((lead) => (lead.status ?? 'new') === 'new');
    const response = await get('/admin/leads?status=new');
    expect(response.status).toBe(200);
    const page = html(response);
    const newest = [...newLeads].sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
    expect(page).toContain(newest.name);
    expect(page).toContain(`010-****-${newest.phone.slice(-4)}`);
    for (const lead of leads) expect(page).not.toContain(lead.phone);
    const other = leads.find((lead) => lead.status === 'contracted');
    if (other) expect(page).not.toContain(`/admin/leads/${other._id}"`);
  });

  it('changes a status with the revision it saw; a stale revision is refused and writes nothing; a memo is kept', async () => {
    const lead = leads[0];
    const page = html(await get(`/admin/leads/${lead._id}`));
    const rev = hiddenValue(page, 'rev');
    const change = (status: string) =>
      postForm(`/admin/leads/${lead._id}`, { intent: 'change', rev, status, assignee: EMAIL, assigneeWas: '' });

    expect((await change('contacting')).status).toBe(200);
    const stale = await change('invalid');
    expect(stale.status).toBe(409);
    expect(html(stale)).toContain('다른 직원이 방금 이 고객 정보를 바꿨습니다');
    const stored = sanity.dataset('leads').get(lead._id) as SanityDocument & { status?: string; assignee?: { email: string } };
    expect(stored.status).toBe('contacting');
    expect(stored.assignee?.email).toBe(EMAIL);

    expect((await postForm(`/admin/leads/${lead._id}`, { intent: 'memo', memo: '주말 방문 예정' })).status).toBe(200);
    const withMemo = sanity.dataset('leads').get(lead._id) as SanityDocument & { memos?: Array<{ text: string; authorEmail: string }> };
    expect(withMemo.memos).toEqual([expect.objectContaining({ text: '주말 방문 예정', authorEmail: EMAIL })]);
  });

  it("shows today's visit sheet and the dashboard", async () => {
    const booked = leads.find((lead) => lead.visitAt?.startsWith(TODAY));
    expect(booked, 'a fixture lead booked for today').toBeDefined();
    const sheet = await get(`/admin/visits?date=${TODAY}`);
    expect(sheet.status).toBe(200);
    expect(html(sheet)).toContain(booked!.name);
    const dashboard = await get('/admin');
    expect(dashboard.status).toBe(200);
    expect(html(dashboard)).toContain('신규 고객');
  });

  it('exports only the filtered rows, whole numbers included', async () => {
    const lead = leads[1];
    const lastFour = lead.phone.slice(-4);
    const expected = leads.filter((candidate) => candidate.phone.endsWith(lastFour) || candidate.name.startsWith(lastFour));
    const response = await get(`/admin/leads/export.csv?q=${lastFour}&reason=test`);
    expect(response.status).toBe(200);
    const lines = html(response).trim().split(/\r?\n/);
    expect(lines).toHaveLength(expected.length + 1);
    expect(lines.join('\n')).toContain(lead.name);
  });

  it('a sales account added by the admin signs in and is refused the accounts page', async () => {
    const added = await postForm('/admin/accounts', { intent: 'add', email: SALES_EMAIL, name: '김상담', role: 'sales', password: SALES_PASSWORD });
    expect(added.status).toBe(200);
    const salesCookie = await signIn(SALES_EMAIL, SALES_PASSWORD);
    expect((await get('/admin/accounts', salesCookie)).status).toBe(403);
    expect((await get('/admin/leads', salesCookie)).status).toBe(200);
  });

  it('every action left its auditEvent in the leads dataset', () => {
    const actions = auditActions();
    for (const action of ['signIn', 'leadView', 'leadChange', 'leadMemo', 'leadExport', 'accountCreate']) {
      expect(actions, action).toContain(action);
    }
  });
});
