import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, expect, it } from 'vitest';
import { openEmbeddedStore } from '../../../web/server/content/embedded';

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const writerScript = path.join(repoRoot, 'tests/support/fixtures/content/crash-writer.ts');
const ACKNOWLEDGED_BEFORE_KILL = 2_000;

let tempDir: string | undefined;

afterEach(() => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
});

it('loses no acknowledged mutation when the writer is killed with SIGKILL', async () => {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'content-crash-'));
  const file = path.join(tempDir, 'content.sqlite');
  const child = spawn(process.execPath, ['--import', 'tsx', writerScript, file], {
    cwd: repoRoot,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));

  const acknowledged: string[] = [];
  for await (const line of readline.createInterface({ input: child.stdout })) {
    if (line === 'ready') continue;
    acknowledged.push(line);
    // Killed while writes are in flight: the writers never pause between mutations.
    if (acknowledged.length === ACKNOWLEDGED_BEFORE_KILL) child.kill('SIGKILL');
  }
  expect(await exited).toBe('SIGKILL');
  expect(acknowledged.length).toBeGreaterThanOrEqual(ACKNOWLEDGED_BEFORE_KILL);

  const store = await openEmbeddedStore({ file });
  try {
    const stored = new Set((await store.fetch('*[_type == "crashTest"]._id')) as string[]);
    const lost = acknowledged.filter((id) => !stored.has(id));
    expect(lost).toEqual([]);
    // Each write also incremented the counter in the same transaction: never fewer increments
    // than acknowledged writes, and exactly one per stored document (all-or-nothing).
    const counter = (await store.fetch('*[_id == "counter"][0].value')) as number;
    expect(counter).toBeGreaterThanOrEqual(acknowledged.length);
    expect(counter).toBe(stored.size);
  } finally {
    await store.close();
  }
});
