/**
 * The CLIs that print data finish their output before they exit: `npm run leads -- export` into a
 * pipe whose reader starts late gets the whole CSV and exit 0; a reader that goes away makes it
 * exit non-zero instead of pretending it succeeded, and each is in the audit trail as the
 * console's downloads are (actor `cli`; the cut one marked (중단)). `npm run staff -- create` likewise.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEmbeddedSalesDatabase } from '../../../web/server/database/index';
import { register } from '../../../web/server/customers/registration';
import { openLeadsDatabase } from '../../../web/server/database/leads-file';
import { SqliteAuditTrail } from '../../../web/server/audit/trail';

const LEADS = 2500;
// Longer than a pipe's buffer (64 KiB) many times over.
const MIN_EXPORT_BYTES = 1_000_000;
const GRACE_MS = 2_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'cli-output-'));
const children: ChildProcess[] = [];

/** Customers registered as the site stores them: the export writes a customer a row. */
beforeAll(async () => {
  const sales = await openEmbeddedSalesDatabase(dataDir);
  for (let index = 0; index < LEADS; index += 1) {
    const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString();
    await register(
      sales,
      {
        id: `lead-cli-${index}`,
        name: '홍길동',
        phone: `0101000${String(index).padStart(4, '0')}`,
        message: '모델하우스 방문 상담을 원합니다. '.repeat(6),
        createdAt,
        formKind: 'customer',
        consent: { marketing: false, noticeVersion: 'v1', agreedAt: createdAt },
      },
      { assignee: null, today: '2026-01-01' },
    );
  }
  await sales.close();
}, 60_000);

afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

function runScript(script: string, args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

/** The trail's export records, oldest first, as the operator's audit page lists them. */
async function exportRecords(): Promise<Array<{ actor: string; detail: string | null }>> {
  const database = openLeadsDatabase(dataDir);
  try {
    const { entries } = await new SqliteAuditTrail(database).list({ action: 'leadExport' });
    return entries.map(({ actor, detail }) => ({ actor, detail })).reverse();
  } finally {
    database.close();
  }
}

function exitOf(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.on('exit', (code) => resolve(code)));
}

describe('npm run leads -- export', () => {
  it('into a pipe whose reader starts late: the whole CSV, then exit 0', async () => {
    // A named pipe holds 64 KiB like `| gzip` (the child's own stdio would be a socket pair,
    // whose buffers hold the whole export).
    const fifo = path.join(dataDir, 'export.fifo');
    execFileSync('mkfifo', [fifo]);
    const child = spawn('sh', ['-c', 'exec "$0" --import tsx scripts/leads.ts export > "$1"', process.execPath, fifo], {
      env: { ...process.env, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(child);
    const exited = exitOf(child);
    const reader = createReadStream(fifo);
    // The first chunk means the CSV is being written; then the reader stops for a while.
    const first = await new Promise<Buffer>((resolve) => reader.once('data', (chunk) => resolve(chunk as Buffer)));
    reader.pause();
    const exitedWhilePaused = await Promise.race([exited.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), GRACE_MS))]);
    const chunks = [first];
    reader.on('data', (chunk) => chunks.push(chunk as Buffer));
    const ended = new Promise<void>((resolve) => reader.on('end', () => resolve()));
    reader.resume();
    const code = await exited;
    await ended;
    const csv = Buffer.concat(chunks).toString('utf8');
    expect(exitedWhilePaused, 'exited before its output was read').toBe(false);
    expect(code).toBe(0);
    expect(Buffer.byteLength(csv)).toBeGreaterThan(MIN_EXPORT_BYTES);
    expect(csv.trimEnd().split('\r\n')).toHaveLength(LEADS + 1);
    expect(await exportRecords()).toEqual([{ actor: 'cli', detail: `csv ${LEADS}건 · 전체 · 사유: 서버에서 운영자 CLI로 내려받음` }]);
  }, 60_000);

  it('into a reader that goes away: a non-zero exit', async () => {
    const child = runScript('scripts/leads.ts', ['export']);
    const stdout = child.stdout!;
    await new Promise((resolve) => stdout.once('data', resolve));
    stdout.destroy();
    expect(await exitOf(child)).not.toBe(0);
    expect((await exportRecords()).at(-1)).toEqual({
      actor: 'cli',
      detail: expect.stringMatching(/^csv \d+건 \(중단\) · 전체 · 사유: 서버에서 운영자 CLI로 내려받음$/),
    });
  }, 60_000);
});

describe('npm run staff -- create', () => {
  it('into a reader that goes away: a non-zero exit', async () => {
    const child = runScript('scripts/staff.ts', ['create']);
    child.stdout!.destroy();
    child.stdin!.end('a-long-enough-password\n');
    expect(await exitOf(child)).not.toBe(0);
  }, 60_000);
});
