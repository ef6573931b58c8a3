/**
 * Without a Sanity project each instance keeps its content in its own DATA_DIR (content.sqlite):
 * two instances on one PostgreSQL (DATABASE_URL) would each show their own press posts. The
 * production server refuses to be the second one with one Korean + English line, and starts once
 * the first has stopped.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../support/built-server';
import { freshDatabaseUrl } from '../support/postgres';

describe('the embedded content store on a shared database', () => {
  let env: Record<string, string>;
  let first: RunningServer | undefined;

  beforeAll(async () => {
    env = { DATABASE_URL: await freshDatabaseUrl(), SANITY_PROJECT_ID: '' };
    first = await startServer({ env });
  }, 180_000);

  afterAll(async () => {
    await first?.stop();
  });

  it('a second instance refuses to start, saying why in one line; the first keeps serving; once it stopped, another starts', async () => {
    const second = await startServer({ env, captureStderr: true }).then(
      async (server) => {
        await server.stop();
        return 'started';
      },
      (error: Error) => error.message,
    );
    expect(second).toMatch(
      /^내장 콘텐츠 저장소\(DATA_DIR\/content\.sqlite\)는 서버마다 따로라서 같은 DATABASE_URL로 다른 서버가 실행 중이면 시작하지 않습니다: 여러 대로 운영하려면 SANITY_PROJECT_ID를 설정하세요 \/ Not starting: the embedded content store \(DATA_DIR\/content\.sqlite\) is this instance's own and another instance already runs on this DATABASE_URL; set SANITY_PROJECT_ID to run several instances$/m,
    );
    // The line alone, no stack trace under it, and exit code 1 (systemd restarts it, and it refuses again).
    expect(second).not.toMatch(/^\s+at /m);
    expect(second).toContain('server exited (code 1,');

    expect((await fetch(`${first!.url}/`)).status).toBe(200);

    await first!.stop();
    first = undefined;
    const next = await startServer({ env });
    await next.stop();
  }, 180_000);
});
