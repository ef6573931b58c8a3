import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/checks';

/**
 * A lead form that meets trouble keeps the visitor's place, at both widths: after a 429 or a 500
 * the error message takes keyboard focus (so a screen reader reads it, and the next Tab continues
 * from the form), what was typed stays in the fields, and an expired form token is refreshed in
 * the background, retried with backoff, never with a "reload the page" that would lose the input.
 * The server's answers are simulated by intercepting the requests; nothing reaches the store.
 */

const SUCCESS = '등록이 완료되었습니다.';

async function openHomeForm(page: Page): Promise<Locator> {
  await page.goto('/');
  await expect(page.locator('dialog.interest-popup')).toHaveAttribute('data-ready', '');
  const section = page.locator('#interestForm');
  await section.getByLabel('이름').fill('오류복구');
  await section.getByLabel('연락처').fill('010-2345-6789');
  await section.getByLabel('[필수] 개인정보 수집·이용 동의').check();
  await section.getByLabel('만 14세 이상입니다.').check();
  return section;
}

/** The element with keyboard focus, as role and text, for a readable failure. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    return { role: element?.getAttribute('role') ?? element?.tagName.toLowerCase(), text: element?.textContent ?? '' };
  });

async function expectTypedDataKept(section: Locator): Promise<void> {
  await expect(section.getByLabel('이름')).toHaveValue('오류복구');
  await expect(section.getByLabel('연락처')).toHaveValue('010-2345-6789');
  await expect(section.getByLabel('이름')).toBeVisible();
}

const answerWith = (status: number, body: object) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });

test('after a 429 the message has focus and the typed data stays', async ({ page }) => {
  const section = await openHomeForm(page);
  await page.route('**/api/leads', (route) =>
    route.fulfill(answerWith(429, { error: 'rateLimited', message: '등록 요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' })),
  );
  await section.getByRole('button', { name: '방문예약' }).click();
  await expect.poll(() => focused(page)).toEqual({ role: 'alert', text: expect.stringContaining('등록 요청이 너무 많습니다.') });
  await expectTypedDataKept(section);
  // The message sits at the foot of a long form, so focusing it scrolls the name field under the
  // sticky header; axe counts a sticky header as part of the page's flow and so reports the field
  // hidden behind it as a target too small. A person looks back up at the form: scroll the field
  // into view (focus stays on the message) and check the page as they then see it.
  await section.getByLabel('이름').evaluate((field) => field.scrollIntoView({ block: 'center' }));
  await expect.poll(() => focused(page)).toMatchObject({ role: 'alert' });
  await expectNoAxeViolations(page);
});

test('after a 500 the message has focus, the typed data stays, and 다시 시도 sends it again', async ({ page }) => {
  const section = await openHomeForm(page);
  let posts = 0;
  await page.route('**/api/leads', async (route) => {
    posts += 1;
    if (posts === 1) return route.fulfill(answerWith(500, { error: 'internal' }));
    // The retry is accepted; the test's lead is not stored.
    return route.fulfill(answerWith(201, { id: 'lead-test' }));
  });
  await section.getByRole('button', { name: '방문예약' }).click();
  await expect.poll(() => focused(page)).toEqual({ role: 'alert', text: expect.stringContaining('❌ 등록에 실패했습니다. 다시 시도해 주세요.') });
  await expectTypedDataKept(section);
  await section.getByRole('alert').getByRole('button', { name: '다시 시도' }).click();
  await expect(section.getByRole('status')).toContainText(SUCCESS);
  expect(posts).toBe(2);
});

test('sent sooner than the minimum fill time: the form waits as the server says and sends it again by itself', async ({ page }) => {
  const section = await openHomeForm(page);
  const posts: number[] = [];
  await page.route('**/api/leads', (route) => {
    posts.push(Date.now());
    if (posts.length === 1) return route.fulfill(answerWith(400, { error: 'tooFast', retryAfterMs: 400, message: '잠시 후 다시 등록해 주세요.' }));
    return route.fulfill(answerWith(201, { id: 'lead-test' }));
  });
  await section.getByRole('button', { name: '방문예약' }).click();
  await expect(section.getByRole('status')).toContainText(SUCCESS);
  // No error was shown for a wait the visitor did not cause.
  await expect(section.getByRole('alert')).toHaveCount(0);
  expect(posts).toHaveLength(2);
  expect(posts[1]! - posts[0]!).toBeGreaterThanOrEqual(400);
});

test('an expired form whose token refresh fails three times: a gentle message, the data kept, then sent by itself', async ({ page }) => {
  const section = await openHomeForm(page);
  let formRequests = 0;
  await page.route('**/api/leads/form', (route) => {
    formRequests += 1;
    return formRequests <= 3 ? route.fulfill(answerWith(503, { error: 'unavailable' })) : route.continue();
  });
  const tokens: string[] = [];
  await page.route('**/api/leads', (route) => {
    const token = String((route.request().postDataJSON() as { formToken?: string }).formToken ?? '');
    tokens.push(token);
    if (tokens.length === 1)
      return route.fulfill(answerWith(400, { error: 'formExpired', message: '입력 양식이 만료되었습니다. 페이지를 새로고침한 뒤 다시 등록해 주세요.' }));
    return route.fulfill(answerWith(201, { id: 'lead-test' }));
  });
  await section.getByRole('button', { name: '방문예약' }).click();
  const alert = section.getByRole('alert');
  await expect(alert).toContainText('입력하신 내용은 그대로 있으며');
  await expect(alert).not.toContainText('새로고침');
  await expect.poll(() => focused(page)).toMatchObject({ role: 'alert' });
  await expectTypedDataKept(section);
  await expect(alert.getByRole('button', { name: '다시 시도' })).toBeVisible();
  // The refresh keeps trying with backoff and then sends the lead with the new token.
  await expect(section.getByRole('status')).toContainText(SUCCESS, { timeout: 30_000 });
  expect(formRequests).toBeGreaterThanOrEqual(4);
  expect(tokens).toHaveLength(2);
  expect(tokens[1]).not.toBe(tokens[0]);
  await expect(section.getByRole('status')).toBeFocused();
});
