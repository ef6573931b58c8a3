/**
 * No counted view is lost on a clean shutdown: the built server (`node server.js`) counts views,
 * gets SIGTERM long before its periodic flush, and the views are in its SQLite database after
 * (`press_view_counts` of leads.sqlite, beside the leads).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { leadsDatabaseFile } from '../../web/server/database/leads-file';
import { openSqlite } from '../../web/server/sqlite';
import { freePort } from '../support/built-server';

test('pending views are flushed on SIGTERM', async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'press-shutdown-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['server.js'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // Far longer than the test: only the shutdown flush can write these views.
      VIEW_FLUSH_INTERVAL_MS: '3600000',
      // Behind a proxy on loopback, so each visitor below has an address of its own.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    await expect.poll(async () => (await fetch(`${base}/api/press?site=cheonghak`).catch(() => null))?.status, { timeout: 90_000 }).toBe(200);
    const answers = await Promise.all(
      // Seven visitors (an address and a user agent each) opening the article from the press page.
      Array.from({ length: 7 }, (_, visitor) =>
        fetch(`${base}/api/press/press-sample-02/view?site=cheonghak`, {
          method: 'POST',
          headers: {
            origin: base,
            'user-agent': `Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36 visitor-${visitor}`,
            'x-forwarded-for': `198.51.100.${visitor + 1}`,
          },
        }).then((response) => response.json() as Promise<{ views: number }>),
      ),
    );
    expect(Math.max(...answers.map((answer) => answer.views))).toBe(7);
  } finally {
    child.kill('SIGTERM');
  }
  try {
    expect(await exited, output).toBe(0);
    const database = openSqlite(leadsDatabaseFile(dataDir));
    try {
      expect(database.prepare('SELECT views FROM press_view_counts WHERE article_id = ?').get<{ views: number }>('press-sample-02')?.views).toBe(7);
    } finally {
      database.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
