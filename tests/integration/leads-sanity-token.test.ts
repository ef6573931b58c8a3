/**
 * Sanity mode with a write token that cannot write: the server refuses to start (in Korean and
 * English), a token revoked later is logged as a token problem rather than an outage, and while
 * leads wait in the outbox a line a minute tells the operator how many and for how long.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentLake, EDITOR_TOKEN } from '../support/content-lake';
import { fakeSanityLeads, startLeadApp, startLeadChildServer, validBody, type LeadApp } from './leads-harness';

const TOKEN = EDITOR_TOKEN;

let sanity: ContentLake | undefined;
let app: LeadApp | undefined;
const children: ChildProcess[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await app?.close();
  await sanity?.stop();
  app = undefined;
  sanity = undefined;
});

/** The environment of a lead server that reaches the stand-in through Sanity's real host names, as in production. */
function sanityEnv(lake: ContentLake, token: string | undefined): NodeJS.ProcessEnv {
  return { ...process.env, ...lake.childEnv, SANITY_PROJECT_ID: lake.projectId, SANITY_API_TOKEN: token ?? '', LEAD_FORM_SECRET: 'x'.repeat(32) };
}

/** The child lead server's exit code and stderr, when it does not start. */
function runUntilExit(env: NodeJS.ProcessEnv): Promise<{ code: number | null; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/integration/leads-child-server.ts'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout!.on('data', (chunk: Buffer) => {
    if (chunk.toString().includes('PORT=')) child.kill('SIGKILL');
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stderr })));
}

describe('start in Sanity mode', () => {
  it.each([
    ['a token without write access', 'sk-read-only'],
    ['a token that can write another dataset only', 'sk-content-editor'],
    ['no token', undefined],
  ])('refuses to start with %s, saying so in Korean and English', async (_case, token) => {
    sanity = new ContentLake({ tokens: { [TOKEN]: 'editor', 'sk-read-only': 'viewer', 'sk-content-editor': { production: 'editor' } } });
    await sanity.start();
    const { code, stderr } = await runUntilExit(sanityEnv(sanity, token));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(stderr).toContain('SANITY_API_TOKEN');
    expect(stderr).toMatch(/쓰기 권한/);
    expect(stderr).toMatch(/write access/);
  }, 60_000);

  it('starts with a token that can write (checked without writing anything)', async () => {
    sanity = new ContentLake();
    await sanity.start();
    const { url } = await startLeadChildServer(sanityEnv(sanity, TOKEN), children);
    expect((await fetch(`${url}/api/leads/form`)).status).toBe(200);
    expect(sanity.dataset('leads').documents()).toEqual([]);
    expect(sanity.requests.filter(({ endpoint }) => endpoint === 'mutate').map(({ host, dataset }) => `${host} ${dataset}`)).toEqual([`${sanity.projectId}.api.sanity.io leads`]);
  }, 60_000);
});

describe('a token revoked while running', () => {
  it('is logged as a token problem, not as Sanity being down; the outbox backlog is reported every minute', async () => {
    // The token the server holds was revoked in the project: the lake no longer knows it.
    sanity = new ContentLake({ tokens: {} });
    const apiHost = await sanity.start();
    const leads = fakeSanityLeads(apiHost, TOKEN);
    let clock = Date.now();
    app = await startLeadApp({ leads, outboxIntervalMs: 3_600_000, now: () => clock });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect((await app.post(validBody())).status).toBe(201);
    const logged = errors.mock.calls.map((call) => call.join(' ')).join('\n');
    expect(logged).toMatch(/401/);
    expect(logged).toMatch(/SANITY_API_TOKEN/);
    expect(logged).not.toMatch(/unreachable|down/i);

    errors.mockClear();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    clock += 5 * 60_000;
    app.service.startOutboxDelivery();
    await vi.advanceTimersByTimeAsync(60_000);
    const report = errors.mock.calls.map((call) => call.join(' ')).filter((line) => line.includes('outbox'));
    expect(report).toHaveLength(1);
    expect(report[0]).toMatch(/1 lead/);
    expect(report[0]).toMatch(/5 min/);
    expect(report[0]).toMatch(/401/);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(errors.mock.calls.filter((call) => call.join(' ').includes('outbox'))).toHaveLength(2);
    await app.service.close();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(errors.mock.calls.filter((call) => call.join(' ').includes('outbox'))).toHaveLength(2);
  });
});
