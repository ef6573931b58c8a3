/**
 * A lead is stored once across restarts with the default configuration (LEAD_FORM_SECRET unset):
 * the form secret is kept in DATA_DIR, so a visitor's retry after a restart is the same lead, and
 * a retry whose token has since expired is answered with the stored lead instead of "expired"
 * (which would make the form fetch a new token and store the lead a second time).
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { openLeadOutbox } from '../../../web/server/leads/outbox';
import { LeadService } from '../../../web/server/leads/service';
import { startLeadApp, startLeadChildServer, TEST_SECRET, validBody, type LeadApp } from '../../support/leads-harness';

const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-restart-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startChild(): Promise<{ child: ChildProcess; url: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' };
  delete env.LEAD_FORM_SECRET;
  return startLeadChildServer(env, children);
}

async function kill(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.on('exit', resolve));
  child.kill('SIGKILL');
  await exited;
}

function post(url: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(`${url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
}

describe('restart with LEAD_FORM_SECRET unset', () => {
  it('a retry after a restart lands on the stored lead; the secret is a 0600 file in DATA_DIR', async () => {
    const first = await startChild();
    const { token } = (await (await fetch(`${first.url}/api/leads/form`)).json()) as { token: string };
    const body = validBody({ formToken: token });
    const stored = await post(first.url, body);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };
    await kill(first.child);

    const second = await startChild();
    const retry = await post(second.url, body);
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ id });
    await kill(second.child);

    expect(statSync(path.join(dataDir, 'lead-form-secret')).mode & 0o777).toBe(0o600);
    const sales = await openEmbeddedSalesDatabase(dataDir);
    try {
      expect((await sales.db.selectFrom('registrations').select('id').execute()).map((row) => row.id)).toEqual([id]);
    } finally {
      await sales.close();
    }
  }, 60_000);
});

describe('a retry whose token expired', () => {
  let app: LeadApp;
  let restarted: LeadService | undefined;
  afterEach(async () => {
    await restarted?.close();
    await app?.close();
  });

  it('is answered with the stored lead, while a new lead with an expired token is still refused', async () => {
    app = await startLeadApp();
    const body = validBody();
    const stored = await app.post(body);
    expect(stored.status).toBe(201);
    const { id } = (await stored.json()) as { id: string };

    // The same store and secret eight days later (after a restart: nothing in memory).
    restarted = new LeadService({
      content: app.content,
      sales: app.sales,
      outbox: openLeadOutbox(path.join(app.dataDir, 'restarted-outbox.sqlite')),
      secret: TEST_SECRET,
      minFillMs: 0,
      now: () => Date.now() + 8 * 24 * 3600_000,
    });
    expect(await restarted.submit(body, { ip: '127.0.0.1' })).toEqual({ id });
    const fresh = validBody({ formToken: body.formToken });
    expect(await restarted.submit(fresh, { ip: '127.0.0.1' })).toEqual({ error: 'formExpired' });
    expect(await app.registrations()).toBe(1);
  });
});
