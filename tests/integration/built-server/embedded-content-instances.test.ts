/**
 * Without a Sanity project each instance keeps its content in its own DATA_DIR (content.sqlite):
 * two instances on one PostgreSQL (DATABASE_URL) would each show their own press posts. The
 * production server refuses to be the second one, with one Korean + English line, beside an
 * instance with embedded content or one with Sanity's; alone, it starts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSeedDocuments } from '../../../web/server/content/seed';
import { startServer, type RunningServer } from '../../support/built-server';
import { ContentLake, EDITOR_TOKEN } from '../../support/content-lake';
import { freshDatabaseUrl } from '../../support/postgres';

const OWN_CONTENT_NOT_ALONE =
  /^내장 콘텐츠 저장소\(DATA_DIR\/content\.sqlite\)는 서버마다 따로라서 같은 DATABASE_URL로 다른 서버가 실행 중이면 시작하지 않습니다: 여러 대로 운영하려면 모든 서버에 SANITY_PROJECT_ID를 설정하세요 \/ Not starting: the embedded content store \(DATA_DIR\/content\.sqlite\) is this instance's own and another instance already runs on this DATABASE_URL; set SANITY_PROJECT_ID on every instance to run several$/m;
const OTHER_HAS_OWN_CONTENT =
  /^같은 DATABASE_URL로 실행 중인 다른 서버가 콘텐츠를 자기 내장 저장소\(DATA_DIR\/content\.sqlite\)에 두고 있어 시작하지 않습니다: 여러 대로 운영하려면 모든 서버에 SANITY_PROJECT_ID를 설정하세요 \/ Not starting: another instance on this DATABASE_URL keeps its content in its own embedded store \(DATA_DIR\/content\.sqlite\); set SANITY_PROJECT_ID on every instance to run several$/m;

/** What a start ends with: 'started' (then it is stopped again), or what it printed before it exited. */
async function startOutcome(env: Record<string, string>): Promise<string> {
  return startServer({ env, captureStderr: true }).then(
    async (server) => {
      await server.stop();
      return 'started';
    },
    (error: Error) => error.message,
  );
}

/** The line alone, no stack trace under it, and exit code 1 (systemd restarts it, and it refuses again while the other runs). */
function expectRefusal(outcome: string, line: RegExp): void {
  expect(outcome).toMatch(line);
  expect(outcome).not.toMatch(/^\s+at /m);
  expect(outcome).toContain('server exited (code 1,');
}

describe('the embedded content store on a shared database', () => {
  let sanity: ContentLake;
  let sanityEnv: Record<string, string>;
  const running: RunningServer[] = [];

  beforeAll(async () => {
    sanity = new ContentLake();
    const apiHost = await sanity.start({ production: await readSeedDocuments('content/production.ndjson', { rootDir: process.cwd() }) });
    sanityEnv = { SANITY_PROJECT_ID: sanity.projectId, SANITY_API_HOST: apiHost, SANITY_API_TOKEN: EDITOR_TOKEN, SANITY_USE_CDN: 'false' };
  });

  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    await sanity?.stop();
  });

  it('a second instance with embedded content refuses to start, saying why in one line; the first keeps serving; once it stopped, another starts', async () => {
    const env = { DATABASE_URL: await freshDatabaseUrl(), SANITY_PROJECT_ID: '' };
    const first = await startServer({ env });
    running.push(first);

    expectRefusal(await startOutcome(env), OWN_CONTENT_NOT_ALONE);
    expect((await fetch(`${first.url}/`)).status).toBe(200);

    await first.stop();
    expect(await startOutcome(env)).toBe('started');
  }, 180_000);

  it('beside an instance with Sanity content, one with embedded content refuses; beside one with embedded content, one with Sanity refuses', async () => {
    const databaseUrl = await freshDatabaseUrl();
    const embedded = { DATABASE_URL: databaseUrl, SANITY_PROJECT_ID: '' };
    const withSanity = { DATABASE_URL: databaseUrl, ...sanityEnv };

    const sanityInstance = await startServer({ env: withSanity });
    running.push(sanityInstance);
    expectRefusal(await startOutcome(embedded), OWN_CONTENT_NOT_ALONE);
    await sanityInstance.stop();

    const embeddedInstance = await startServer({ env: embedded });
    running.push(embeddedInstance);
    expectRefusal(await startOutcome(withSanity), OTHER_HAS_OWN_CONTENT);
  }, 180_000);
});
