/**
 * Starting the production server: importing the server build starts nothing (no file written, no
 * timer or handle left running: createApp does the work); a bad environment stops
 * `node server.js` before it touches anything (exit 1, one Korean + English line per bad
 * variable); `npm run serve` (no build step) refuses a missing or stale build/ and starts on a
 * fresh one.
 */
import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT, freePort } from '../../support/built-server';

/** Far longer than a refused start takes; a process still running then has not refused. */
const EXIT_DEADLINE_MS = 60_000;

const scratch: string[] = [];
afterEach(() => {
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

type Outcome = { code: number | null | 'listening'; output: string };

/** Runs the command until it exits or prints that it listens (then it is stopped). */
function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }): Promise<Outcome> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let listening = false;
    const deadline = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), EXIT_DEADLINE_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (!listening && output.includes('청학 분양 홈페이지:')) {
        listening = true;
        process.kill(-child.pid!, 'SIGTERM');
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      resolve({ code: listening ? 'listening' : code, output });
    });
  });
}

describe('importing the server build', () => {
  const SERVER_BUILD = pathToFileURL(path.join(ROOT, 'build/server/index.js')).href;
  /** Far longer than an import takes; a process still running then is held open by something. */
  const IMPORT_DEADLINE_MS = 20_000;

  it.each([
    ['the project directory', () => ROOT],
    ['an empty directory', () => tempDir('server-import-cwd-')],
  ])(
    'importing build/server/index.js from %s creates no file and leaves nothing running',
    async (_, workingDir) => {
      const cwd = workingDir();
      const dataDir = tempDir('server-import-data-');
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
        }, IMPORT_DEADLINE_MS);
        child.on('exit', (code) => {
          clearTimeout(deadline);
          resolve(code ?? -1);
        });
      });
      expect({ outcome, stderr }).toEqual({ outcome: 0, stderr: '' });
      expect(readdirSync(dataDir)).toEqual([]);
      if (cwd !== ROOT) expect(readdirSync(cwd)).toEqual([]);
    },
    30_000,
  );
});

describe('a bad environment', () => {
  it('stops node server.js with exit 1 and one line per bad variable, before any file is created', async () => {
    const dataDir = tempDir('config-start-');
    const { code, output } = await run(process.execPath, ['server.js'], {
      cwd: ROOT,
      env: { DATA_DIR: dataDir, HTTP_MAX_CONNECTIONS: 'lots', LEAD_RATE_LIMIT_PHONE: '5 a day', CONTENT_CACHE_TTL_MS: 'never' },
    });
    expect(code, output).toBe(1);
    for (const variable of ['HTTP_MAX_CONNECTIONS', 'LEAD_RATE_LIMIT_PHONE', 'CONTENT_CACHE_TTL_MS']) {
      const lines = output.split('\n').filter((line) => line.startsWith(`${variable}=`));
      expect(lines, variable).toHaveLength(1);
      expect(lines[0]).toMatch(/[가-힣].* \/ [a-z]/i);
    }
    expect(output).not.toMatch(/\n\s+at /);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 70_000);
});

describe('npm run serve', () => {
  /** A copy of the project's start-up files (server.js, package.json, the build check) without build/. */
  function projectWithoutBuild(): string {
    const dir = tempDir('serve-');
    for (const file of ['server.js', 'package.json', 'scripts/build-freshness.js']) cpSync(path.join(ROOT, file), path.join(dir, file));
    mkdirSync(path.join(dir, 'web'));
    writeFileSync(path.join(dir, 'web/app.ts'), 'export {};\n');
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    return dir;
  }

  it('refuses to start without build/ (exit 1, Korean and English)', async () => {
    const { code, output } = await run('npm', ['run', 'serve'], { cwd: projectWithoutBuild(), env: {} });
    expect(code, output).toBe(1);
    expect(output).toContain('build/가 없어 시작하지 않습니다');
    expect(output).toContain('build/ is missing; run `npm run build` first');
  }, 70_000);

  it('refuses to start when a source changed after the build (exit 1, names the file)', async () => {
    const dir = projectWithoutBuild();
    mkdirSync(path.join(dir, 'build/server'), { recursive: true });
    mkdirSync(path.join(dir, 'build/client'));
    writeFileSync(path.join(dir, 'build/server/index.js'), 'throw new Error("a stale build must not be imported");\n');
    const builtAt = new Date(Date.now() - 60_000);
    utimesSync(path.join(dir, 'build/server/index.js'), builtAt, builtAt);
    for (const file of ['server.js', 'package.json', 'web']) utimesSync(path.join(dir, file), builtAt, builtAt);
    // The edit after the build: web/app.ts is newer than build/server/index.js.
    const { code, output } = await run('npm', ['run', 'serve'], { cwd: dir, env: {} });
    expect(code, output).toBe(1);
    expect(output).toContain('build/가 소스보다 오래되어 시작하지 않습니다');
    expect(output).toContain(`build/ is older than its sources (${path.join('web', 'app.ts')} changed after it)`);
    expect(output).not.toContain('a stale build must not be imported');
  }, 70_000);

  it('starts on the fresh build without building', async () => {
    const dataDir = tempDir('serve-data-');
    const { code, output } = await run('npm', ['run', 'serve'], { cwd: ROOT, env: { DATA_DIR: dataDir, PORT: String(await freePort()) } });
    expect(code, output).toBe('listening');
    expect(output).not.toContain('react-router build');
  }, 70_000);
});
