/**
 * A lead acknowledged with 201 is on disk: the server is killed with SIGKILL in the middle of
 * 2,000 submissions; after a restart every acknowledged lead is there, and the visitors' retries
 * of the unanswered ones store each lead exactly once.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { startLeadChildServer, TEST_SECRET, validBody } from '../../support/leads-harness';

const TOTAL = 2000;
const KILL_AFTER_ACKS = 700;
const IN_FLIGHT = 32;

const dataDir = mkdtempSync(path.join(tmpdir(), 'leads-crash-'));
const children: ChildProcess[] = [];

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function startChild(): Promise<{ child: ChildProcess; url: string }> {
  return startLeadChildServer({ ...process.env, DATA_DIR: dataDir, LEAD_FORM_SECRET: TEST_SECRET, SANITY_PROJECT_ID: '' }, children);
}

/** The registration ids in DATA_DIR's customer tables. */
async function storedIds(): Promise<string[]> {
  const sales = await openEmbeddedSalesDatabase(dataDir);
  try {
    return (await sales.db.selectFrom('registrations').select('id').execute()).map((row) => row.id);
  } finally {
    await sales.close();
  }
}

/**
 * The lead's id when the server answered 201 with it; null when the visitor saw no answer: a refused
 * connection, or a 201 whose body the kill cut off (the visitor retries those too).
 */
function submit(url: string, body: Record<string, unknown>): Promise<string | null> {
  return fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
    .then(async (response) => (response.status === 201 ? ((await response.json()) as { id: string }).id : null))
    .catch(() => null);
}

describe('kill -9 during 2,000 submissions', () => {
  it('keeps every acknowledged lead, and retries store each lead once', async () => {
    const bodies = Array.from({ length: TOTAL }, () => validBody());
    const acknowledged = new Map<number, string>();
    const first = await startChild();
    let next = 0;
    let killed = false;
    const worker = async () => {
      while (next < TOTAL && !killed) {
        const index = next++;
        const id = await submit(first.url, bodies[index]);
        if (id) acknowledged.set(index, id);
        if (!killed && acknowledged.size >= KILL_AFTER_ACKS) {
          killed = true;
          first.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
    await new Promise((resolve) => (first.child.exitCode !== null || first.child.signalCode ? resolve(null) : first.child.on('exit', resolve)));
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
    expect(acknowledged.size).toBeLessThan(TOTAL);

    // Restart on the same DATA_DIR: every acknowledged lead survived.
    const second = await startChild();
    const stored = new Set(await storedIds());
    const missing = [...acknowledged.values()].filter((id) => !stored.has(id));
    expect(missing).toEqual([]);

    // The visitors whose submission went unanswered retry it (same form, same token).
    const unanswered = bodies.map((body, index) => ({ body, index })).filter(({ index }) => !acknowledged.has(index));
    for (let start = 0; start < unanswered.length; start += IN_FLIGHT) {
      const batch = unanswered.slice(start, start + IN_FLIGHT);
      const ids = await Promise.all(batch.map(({ body }) => submit(second.url, body)));
      ids.forEach((id, position) => {
        expect(id).not.toBeNull();
        acknowledged.set(batch[position].index, id!);
      });
    }
    second.child.kill('SIGKILL');
    await new Promise((resolve) => second.child.on('exit', resolve));
    const finalIds = await storedIds();
    expect(finalIds).toHaveLength(TOTAL);
    expect(new Set(finalIds)).toEqual(new Set(acknowledged.values()));
  }, 240_000);
});
