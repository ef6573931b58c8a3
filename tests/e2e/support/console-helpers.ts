/**
 * What the console's browser tests share: unique phone numbers, staff accounts made with the CLI,
 * signing in, and leads registered as the site's forms send them.
 */
import { execFileSync } from 'node:child_process';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CANARY_ADMIN_PASSWORD, secretEnv } from './canary-secrets';
import { STAFF_CLI } from '../../support/operator-cli';
import { TEST_PASSWORD_HASHING_ENV } from '../../support/passwords';
import { watchErrors } from './checks';

/** A mobile number no other test (or project) uses, its last four digits and its masked form. */
export function uniquePhone(): { phone: string; lastFour: string; masked: string } {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const lastFour = digits.slice(4);
  return { phone: `010-${digits.slice(0, 4)}-${lastFour}`, lastFour, masked: `010-****-${lastFour}` };
}

/** A name no other test uses, in letters only: a lead's name may hold no digits. */
export function uniqueName(prefix: string): string {
  const digits = `${Date.now() % 100000}${Math.floor(Math.random() * 10)}`;
  return prefix + [...digits].map((digit) => '영일이삼사오육칠팔구'[Number(digit)]).join('');
}

export const SALES_PASSWORD = 'model-house-desk-2026';

/**
 * A sales account (or a 팀장's, `role` manager) added with the CLI while the e2e server runs (or the server of `dataDir`), as an
 * admin adds one at a desk; it can sign in at once. Its email is unique per call.
 *
 * The built CLI (`npm run staff`, as operators run it; the suite runs on build/ anyway) at the
 * tests' scrypt cost: about 1 s of CPU a call against 3 s for `tsx scripts/staff.ts` at the
 * production cost, and each later sign-in checks the cheap hash.
 */
export function addSalesAccount(label: string, name = '김상담', dataDir = process.env.E2E_DATA_DIR, role: 'sales' | 'manager' = 'sales'): string {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.kr`;
  execFileSync(process.execPath, [STAFF_CLI, 'add', email, '--role', role, '--name', name], {
    env: { ...process.env, ...TEST_PASSWORD_HASHING_ENV, DATA_DIR: dataDir, SANITY_PROJECT_ID: '' },
    input: `${SALES_PASSWORD}\n`,
    encoding: 'utf8',
  });
  return email;
}

export const ADMIN_EMAIL = secretEnv().ADMIN_EMAIL;

/**
 * Signs the page's browser context in with the sign-in form's own post to /admin, without loading
 * the form: for tests about what a signed-in staff member does. Tests about signing in, sessions
 * and sign-in focus use `signIn`. The page stays where it was: go to the page under test next.
 *
 * Each test gets a session of its own (the tests' hashes take tens of milliseconds to check):
 * one shared per worker would end for every later test when one test signs out, and its token
 * would run out 30 idle minutes after it was issued, whatever the pages did with their copies.
 */
export async function signInByRequest(
  page: Page,
  email = ADMIN_EMAIL,
  password = email === ADMIN_EMAIL ? CANARY_ADMIN_PASSWORD : SALES_PASSWORD,
): Promise<void> {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const answer = await page.request.post('/admin', { form: { intent: 'login', email, password }, headers: { origin }, maxRedirects: 0 });
  // Signed in, the action sends the browser on to the console (a refusal answers the form again).
  expect(answer.status(), `sign-in of ${email}`).toBe(302);
}

/** Signs in at the console's sign-in (the admin by default) and waits for the console's menu. */
export async function signIn(page: Page, email = ADMIN_EMAIL, password = email === ADMIN_EMAIL ? CANARY_ADMIN_PASSWORD : SALES_PASSWORD): Promise<void> {
  await page.goto('/admin');
  await page.getByLabel('이메일').fill(email);
  await page.getByLabel('비밀번호').fill(password);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page.getByRole('navigation', { name: '상담 관리 메뉴' })).toBeVisible();
}

/** Finds the lead by the last four digits of its phone and opens it. */
export async function openLead(page: Page, name: string, lastFour: string): Promise<void> {
  await page.goto(`/admin/leads?q=${lastFour}`);
  await page.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(`^${name} 고객`) })).toBeVisible();
}

/**
 * Registers a lead through the lead API as the interest popup's script sends it from `sourcePage`
 * (which may carry utm_* parameters), and answers its id: for tests about what the console does
 * with a lead, not about the popup (its home page and script cost seconds a registration).
 */
export async function registerThroughApi(request: APIRequestContext, name: string, phone: string, sourcePage = '/'): Promise<string> {
  const { token } = (await (await request.get('/api/leads/form')).json()) as { token: string };
  return postLead(request, token, name, phone, sourcePage);
}

async function postLead(request: APIRequestContext, formToken: string, name: string, phone: string, sourcePage: string): Promise<string> {
  const lead = { name, phone, privacyConsent: true, ageConfirmed: true, formKind: 'popup', formToken, sourcePage };
  // The e2e server asks no minimum fill time (playwright.config.ts): accepted at once.
  const response = await request.post('/api/leads', { data: lead });
  expect(response.status(), `registration of ${name}`).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** Registers `count` leads of the given name through the lead API (each with a token of its own, fetched at once). */
export async function registerLeadsThroughApi(request: APIRequestContext, name: string, count: number): Promise<void> {
  const tokens = await Promise.all(
    Array.from({ length: count }, async () => ((await (await request.get('/api/leads/form')).json()) as { token: string }).token),
  );
  for (const [index, formToken] of tokens.entries()) {
    await postLead(request, formToken, name, `010-${String(Date.now() % 10000).padStart(4, '0')}-${String(index).padStart(4, '0')}`, '/');
  }
}

/**
 * Errors on the console pages. React Router cancels requests it no longer needs — the rest of a
 * single-fetch answer's stream once read, a route-manifest lookup overtaken by a navigation —
 * which Chromium reports as aborted: not failures.
 */
export function watchConsoleErrors(page: Page): () => string[] {
  const errors = watchErrors(page);
  // Requests a navigation leaves behind are aborted, not failed: route data, the manifest and the
  // session check (preloaded fonts and scripts are left out by watchErrors itself).
  return () => errors.filter((error) => !/^request failed \(net::ERR_ABORTED\) for fetch .*(\.data(\?.*)?|\/__manifest\?.*|\/api\/session)$/.test(error));
}

/** The staff session's idle limit as the e2e server runs it (STAFF_SESSION_IDLE_MINUTES' default). */
const SESSION_IDLE_MS = 30 * 60 * 1000;

/**
 * The server's session clock as the page's fake clock makes it run: GET /api/session answers the
 * time left until `endsAt` (page time), a renewal goes to the server and moves `endsAt`. Install
 * the page's clock (`page.clock.install()`) first, and `restart` after each sign-in.
 */
export async function simulateSessionClock(page: Page) {
  // The page may be between documents when a request arrives: ask the next one.
  const pageNow = async (): Promise<number> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await page.evaluate(() => Date.now());
      } catch (error) {
        if (attempt === 5 || !/context was destroyed|navigat/i.test(String(error))) throw error;
        await page.waitForLoadState('domcontentloaded');
      }
    }
  };
  let held: { answered: () => void; released: Promise<void> } | null = null;
  const clock = {
    endsAt: 0,
    restart: async () => (clock.endsAt = (await pageNow()) + SESSION_IDLE_MS),
    /**
     * Holds the page's next questions about the time left, as a slow network does: `answered`
     * settles once the server side has reckoned an answer (at the page's time then); the page
     * gets it only after `release`.
     */
    holdAnswers: () => {
      let release!: () => void;
      let answered!: () => void;
      const reckoned = new Promise<void>((resolve) => (answered = resolve));
      held = { answered, released: new Promise<void>((resolve) => (release = resolve)) };
      return { answered: reckoned, release: () => ((held = null), release()) };
    },
  };
  await page.route('**/api/session', async (route) => {
    if (route.request().method() !== 'POST') {
      const remainingMs = Math.max(0, clock.endsAt - (await pageNow()));
      const slow = held;
      if (slow) {
        slow.answered();
        await slow.released;
      }
      return route.fulfill({ json: { remainingMs } });
    }
    const response = await route.fetch();
    const body = (await response.json()) as { remainingMs?: number };
    if (response.ok()) clock.endsAt = (await pageNow()) + body.remainingMs!;
    return route.fulfill({ response, json: body });
  });
  return clock;
}

/**
 * The session ends while the admin types, as its time running out does: the browser drops the
 * cookie and the page says the session has ended (closed here). `save` then tries the save, which
 * goes to the sign-in; it says unsaved work waits, and the admin signs in again and is back on
 * the page.
 */
export async function endSessionThenSignInAgain(page: Page, clock: Awaited<ReturnType<typeof simulateSessionClock>>, save: () => Promise<void>): Promise<void> {
  const path = new URL(page.url()).pathname;
  await page.context().clearCookies();
  await page.clock.fastForward('31:00');
  const ended = page.getByRole('alertdialog', { name: '로그인 시간이 끝났습니다' });
  await expect(ended).toBeVisible();
  await ended.getByRole('button', { name: '닫기' }).click();
  await save();
  await expect(page).toHaveURL((url) => url.pathname === '/admin' && (url.searchParams.get('next') ?? '').startsWith(path));
  await expect(page.getByRole('status')).toHaveText(/저장하지 못한 내용이 이 브라우저에 보관되어 있습니다/);
  await clock.restart();
  await page.getByLabel('이메일').fill(ADMIN_EMAIL);
  await page.getByLabel('비밀번호').fill(CANARY_ADMIN_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/** The drafts this tab keeps, as stored (kept-draft.ts). */
export async function keptDrafts(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(sessionStorage)
      .filter((key) => key.startsWith('console-draft:'))
      .map((key) => `${key}=${sessionStorage.getItem(key)}`)
      .join('\n'),
  );
}
