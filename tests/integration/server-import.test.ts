/**
 * Importing the server build starts nothing: no store opened, no file written, no timer or
 * handle left running. A child process imports build/server/index.js with an empty DATA_DIR,
 * from the project (where the seed content is) and from an empty directory; it must exit by
 * itself and leave the empty directories empty.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, expect, it } from 'vitest';

const SERVER_BUILD = pathToFileURL(path.resolve('build/server/index.js')).href;
/** Far longer than an import takes; a process still running then is held open by something. */
const EXIT_DEADLINE_MS = 20_000;

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function emptyDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

it.each([
  ['the project directory', () => process.cwd()],
  ['an empty directory', () => emptyDir('server-import-cwd-')],
])('importing build/server/index.js from %s creates no file and leaves nothing running', async (_, workingDir) => {
  const cwd = workingDir();
  const dataDir = emptyDir('server-import-data-');
  const child = spawn(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(SERVER_BUILD)});`], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const outcome = await new Promise<number | 'still running'>((resolve) => {
    const deadline = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running');
    }, EXIT_DEADLINE_MS);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve(code ?? -1);
    });
  });
  expect({ outcome, stderr }).toEqual({ outcome: 0, stderr: '' });
  expect(readdirSync(dataDir)).toEqual([]);
  if (cwd !== process.cwd()) expect(readdirSync(cwd)).toEqual([]);
}, 30_000);
