/**
 * Leads never go to Sanity: with Sanity content (SANITY_PROJECT_ID, the strict Content Lake
 * stand-in reached through Sanity's real host names) and no DATABASE_URL, a lead posted to the
 * site is stored in the customer tables of the embedded database (DATA_DIR/leads.sqlite), and nothing at all is
 * written to the stand-in, not even a dry run.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { ContentLake, EDITOR_TOKEN } from '../../support/content-lake';
import { startLeadChildServer, TEST_SECRET, validBody } from '../../support/leads-harness';

let lake: ContentLake | undefined;
let dataDir: string | undefined;
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await lake?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  lake = dataDir = undefined;
});

describe('Sanity content without DATABASE_URL', () => {
  it('stores a posted lead in leads.sqlite and writes nothing to the Sanity leads dataset', async () => {
    lake = new ContentLake();
    await lake.start();
    dataDir = mkdtempSync(path.join(tmpdir(), 'leads-beside-sanity-'));
    const { DATABASE_URL: _unset, ...env } = process.env;
    const { url } = await startLeadChildServer(
      { ...env, ...lake.childEnv, DATA_DIR: dataDir, SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: EDITOR_TOKEN, LEAD_FORM_SECRET: TEST_SECRET },
      children,
    );

    const response = await fetch(`${url}/api/leads`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(validBody({ name: '홍길동' })),
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    const sales = await openEmbeddedSalesDatabase(dataDir);
    try {
      expect(await sales.db.selectFrom('registrations').select(['id', 'name']).execute()).toEqual([{ id, name: '홍길동' }]);
    } finally {
      await sales.close();
    }
    expect(lake.dataset('leads').documents()).toEqual([]);
    expect(lake.requests.filter(({ endpoint }) => endpoint === 'mutate')).toEqual([]);
    expect(lake.requests.filter(({ dataset }) => dataset === 'leads')).toEqual([]);
  }, 60_000);
});
