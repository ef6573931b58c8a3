/**
 * The console's forms as a KWCAG 2.2 audit found them, each at the width where it failed: labels
 * that voice control can say, focus rings on every stop, nothing cut off at 320 px, errors beside
 * their fields, announcements that say only what happened, actions that can be taken back, and
 * what is typed kept across the end of a session.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, screenshot, waitForHydrated } from './support/checks';
import { addSalesAccount, registerLeadsThroughApi, registerThroughApi, signIn, signInByRequest, uniqueName, uniquePhone } from './support/console-helpers';

/** A name no other test (or project) uses, for staff and leads alike. */

/** The text of a control's labels that a sighted user sees (not the visually hidden part). */
async function visibleLabelText(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((controls) =>
    controls.map((control) => {
      const labels = [...((control as HTMLInputElement).labels ?? [])];
      const walker = (label: HTMLElement) => {
        const texts: string[] = [];
        const nodes = document.createTreeWalker(label, NodeFilter.SHOW_TEXT);
        for (let node = nodes.nextNode(); node; node = nodes.nextNode()) {
          // A visually hidden text's element is a 1 px box (its text overflows, clipped).
          const box = node.parentElement!.getBoundingClientRect();
          if (box.width > 2 && box.height > 2) texts.push(node.textContent ?? '');
        }
        return texts.join('').trim();
      };
      return labels.map(walker).join(' ').trim();
    }),
  );
}

/**
 * Records, in order, what the page's live regions say from now on (what a screen reader reads
 * out): the text of a live region (aria-live other than off, or role status, alert or log) when
 * its content changes or it is inserted. Read it back with `spokenSince`.
 */
async function listenToLiveRegions(page: Page): Promise<void> {
  await page.evaluate(() => {
    const spoken: string[] = [];
    (window as unknown as { spoken: string[] }).spoken = spoken;
    const live = '[aria-live]:not([aria-live="off"]), [role="status"], [role="alert"], [role="log"]';
    const say = (region: Element | null) => {
      const text = region?.textContent?.trim();
      if (text && spoken.at(-1) !== text) spoken.push(text);
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        const target = mutation.target instanceof Element ? mutation.target : mutation.target.parentElement;
        say(target?.closest(live) ?? null);
        for (const node of mutation.addedNodes) if (node instanceof Element && node.matches(live)) say(node);
      }
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function spokenSince(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { spoken: string[] }).spoken);
}

test('the lead list: each row box has a visible label that is part of its name (voice control can say it)', async ({ page, request }, testInfo) => {
  const leadName = uniqueName('라벨');
  await registerLeadsThroughApi(request, leadName, 2);
  await signInByRequest(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const rowBoxes = page.getByRole('checkbox', { name: `${leadName} 선택` });
  await expect(rowBoxes).toHaveCount(2);
  const visible = await visibleLabelText(page, '.lead-list input[type="checkbox"]');
  expect(visible).toEqual(['선택', '선택']);
  for (const box of await rowBoxes.all()) await expect(box).toHaveAccessibleName(`${leadName} 선택`);
  await screenshot(page, testInfo, 'lead-list-row-labels');
  await expectNoAxeViolations(page);
});

test('accounts at 320 px: a saved 휴대폰 is shown whole in its field @mobile', async ({ page }, testInfo) => {
  const staffName = uniqueName('폭');
  addSalesAccount(`narrow-${testInfo.project.name}`, staffName);
  await signInByRequest(page);
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/admin/accounts');
  // A returning visit, as a 상담사's day is: drawn in Pretendard, fetched once the first visit had
  // loaded. Its lines measure otherwise than the fallback's (the cards' forms once grew to their
  // one-line width, 365 px, on every visit but the first).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('cheonghak:web-font')), { message: 'the faces fetched for the next pages' }).toBe('1');
  await page.reload();
  await expect
    .poll(() => page.evaluate(() => [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Pretendard' && face.status === 'loaded')))
    .toBe(true);
  const mobile = page.getByLabel(`${staffName} 휴대폰 번호`);
  await waitForHydrated(mobile);
  await mobile.fill('010-2222-5555');
  await page.getByRole('button', { name: `${staffName} 휴대폰 저장` }).click();
  await expect(page.getByRole('status').filter({ hasText: '휴대폰 번호를 010-****-5555로 저장했습니다.' })).toBeVisible();
  await expect(mobile).toHaveValue('010-2222-5555');
  // The text fits the field's box: nothing scrolled out of sight.
  expect(await mobile.evaluate((field) => field.scrollWidth - field.clientWidth)).toBeLessThanOrEqual(0);
  const save = page.getByRole('button', { name: `${staffName} 휴대폰 저장` });
  for (const control of [mobile, save]) {
    const box = (await control.boundingBox())!;
    expect(box.x + box.width, 'inside the 320 px screen').toBeLessThanOrEqual(320);
  }
  // Every card's every control and text, not only this one's 휴대폰.
  const widest = await page.locator('.account-card *').evaluateAll((elements) => Math.max(...elements.map((element) => element.getBoundingClientRect().right)));
  expect(widest, 'every card inside the 320 px screen').toBeLessThanOrEqual(320);
  await screenshot(page, testInfo, 'accounts-320-mobile');
  await expectNoHorizontalOverflow(page);
});

test('방문 일정 관리: fields have names of their own, the 예약 cells say 정원, the list’s 기간 is a full-size control', async ({ page }, testInfo) => {
  await signInByRequest(page);
  const start = new Date(Date.UTC(2081 + Math.floor(Math.random() * 50), 2, 3 + (testInfo.project.name === 'desktop' ? 0 : 7))).toISOString().slice(0, 10);
  await page.goto(`/admin/slots?from=${start}&days=1`);
  const create = page.getByRole('region', { name: '일정 추가' });
  await waitForHydrated(create.getByRole('button', { name: '일정 만들기' }));
  await create.getByLabel('일정 시작 날짜').fill(start);
  await create.getByRole('button', { name: '일정 만들기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '방문 일정 3개를 만들었습니다.' })).toBeFocused();

  const names = [...(await page.locator('main').ariaSnapshot()).matchAll(/- (?:textbox|combobox|spinbutton|group|radio|checkbox|radiogroup) "([^"]+)"/g)].map(
    (match) => match[1],
  );
  const repeated = names.filter((name, index) => names.indexOf(name) !== index);
  expect(repeated, `fields named alike among ${names.join(', ')}`).toEqual([]);
  expect(names).toEqual(expect.arrayContaining(['일정 시작 날짜', '일정 기간', '조회 시작 날짜', '조회 기간']));

  await expect(page.getByRole('cell', { name: '예약 0 / 정원 6' })).toHaveCount(3);
  const listPeriod = page.getByRole('combobox', { name: '조회 기간' });
  const listFrom = page.getByLabel('조회 시작 날짜');
  expect((await listPeriod.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await listPeriod.evaluate((select) => getComputedStyle(select).borderRadius)).toBe(
    await listFrom.evaluate((input) => getComputedStyle(input).borderRadius),
  );
  await screenshot(page, testInfo, 'slots-names');
  await expectNoAxeViolations(page);
});

test('after a bulk assignment the screen reader hears the success and the count, nothing else', async ({ page, request }) => {
  const leadName = uniqueName('일괄알림');
  await registerLeadsThroughApi(request, leadName, 2);
  await signInByRequest(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const selectAll = page.getByLabel('이 페이지의 고객 모두 선택');
  await waitForHydrated(selectAll);
  await selectAll.check();
  await expect(page.locator('.bulk-assign__count')).toHaveText('고객 2명을 선택했습니다.');
  await listenToLiveRegions(page);
  await page.getByRole('button', { name: '선택한 고객 배정' }).click();
  const success = page.getByRole('status').filter({ hasText: '고객 2명을' });
  await expect(success).toBeFocused();
  await expect(page.locator('.lead-list-page__count')).toHaveText('조건에 맞는 고객 2명');
  // Ticking again is still read out.
  await page
    .getByRole('checkbox', { name: `${leadName} 선택` })
    .first()
    .check();
  await expect(page.locator('.bulk-assign__count')).toHaveText('고객 1명을 선택했습니다.');
  // The success first; then the list's count, if the reloaded list says it anew; then the tick.
  const spoken = (await spokenSince(page)).filter((text) => text !== '조건에 맞는 고객 2명');
  expect(spoken).toEqual([await success.textContent(), '고객 1명을 선택했습니다.']);
  expect((await spokenSince(page))[0]).toBe(await success.textContent());
});

test('errors beside their fields: 일정 추가, a clashing slot edit, 광고비, booking with no time, an account’s 휴대폰, 현장 등록’s 휴대폰', async ({
  page,
}, testInfo) => {
  test.slow();
  const leadName = uniqueName('오류');
  const { phone, lastFour } = uniquePhone();
  // From a campaign, so 광고비 has one to choose.
  const campaign = `errors-a11y-${testInfo.project.name}`;
  await registerThroughApi(page.request, leadName, phone, `/?utm_source=naver&utm_medium=cpc&utm_campaign=${campaign}`);
  const staffName = uniqueName('오류상담');
  const staffEmail = addSalesAccount(`errors-${testInfo.project.name}`, staffName);
  await signInByRequest(page);

  // 일정 추가 with 25:00: the times field is marked and its own rule is given beside it.
  const start = new Date(Date.UTC(2131 + Math.floor(Math.random() * 50), 4, 5 + (testInfo.project.name === 'desktop' ? 0 : 7))).toISOString().slice(0, 10);
  await page.goto(`/admin/slots?from=${start}&days=1`);
  const create = page.getByRole('region', { name: '일정 추가' });
  await waitForHydrated(create.getByRole('button', { name: '일정 만들기' }));
  await create.getByLabel('일정 시작 날짜').fill(start);
  await create.getByLabel(/^시각/).fill('11:00, 25:00');
  await create.getByRole('button', { name: '일정 만들기' }).click();
  const times = create.getByLabel(/^시각/);
  await expect(times).toHaveAttribute('aria-invalid', 'true');
  await expect(times).toHaveAccessibleDescription('25:00: 시각은 00:00부터 23:59까지, 14:00처럼 24시간제로 입력해 주세요.');
  await expect(times).toHaveValue('11:00, 25:00');
  await expectNoAxeViolations(page);

  // A row moved onto another slot's time: the slot is named and the row's time is marked.
  await times.fill('11:00, 14:00');
  await create.getByRole('button', { name: '일정 만들기' }).click();
  await expect(page.getByRole('status').filter({ hasText: '방문 일정 2개를 만들었습니다.' })).toBeFocused();
  const secondTime = page
    .getByRole('textbox', { name: /14:00 시각$/ })
    .or(page.getByLabel(/14:00 시각$/))
    .first();
  await secondTime.fill('11:00');
  await page.getByRole('button', { name: /14:00 일정 저장$/ }).click();
  await expect(page.getByRole('alert')).toContainText('11:00에는 이미 다른 일정이 있습니다');
  await expect(page.getByLabel(/14:00 시각$/)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(/14:00 시각$/)).toHaveAccessibleDescription(/11:00에는 이미 다른 일정이 있습니다/);

  // 광고비 "십만원": the amount is marked, and the reason allows what the note allows.
  await page.goto('/admin/stats');
  const amount = page.getByLabel('금액 (원)');
  await waitForHydrated(amount);
  await page.getByLabel('캠페인', { exact: true }).selectOption(campaign);
  await amount.fill('십만원');
  await page.getByRole('button', { name: '광고비 저장' }).click();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(amount).toHaveAccessibleDescription(/1,200,000/);
  await expect(page.getByText('쉼표 없이')).toHaveCount(0);

  // A saved 광고비 is deleted only once confirmed.
  await amount.fill('1,200,000');
  await page.getByRole('button', { name: '광고비 저장' }).click();
  await expect(page.getByRole('status').filter({ hasText: '광고비를 저장했습니다.' })).toBeFocused();
  const remove = page.getByRole('button', { name: `${await page.getByLabel('월').inputValue()} ${campaign} 광고비 삭제` });
  // The browser's confirmation blocks the page until answered: answered here, declined.
  let question = '';
  page.once('dialog', (dialog) => {
    question = dialog.message();
    void dialog.dismiss();
  });
  await remove.click();
  expect(question).toContain('1,200,000원');
  await expect(remove).toHaveCount(1);
  page.once('dialog', (dialog) => dialog.accept());
  await remove.click();
  await expect(page.getByRole('status').filter({ hasText: '광고비를 삭제했습니다.' })).toBeFocused();
  await expect(remove).toHaveCount(0);

  // 방문 예약 with no time chosen: the select is marked.
  await page.goto(`/admin/leads?q=${lastFour}`);
  await page.getByRole('link', { name: leadName }).click();
  const booking = page.getByRole('region', { name: '방문 예약 관리' });
  const slotSelect = booking.getByLabel(/^방문 일시/);
  await waitForHydrated(slotSelect);
  await booking.getByRole('button', { name: '이 일시로 예약' }).click();
  await expect(slotSelect).toHaveAttribute('aria-invalid', 'true');
  await expect(slotSelect).toHaveAccessibleDescription(/방문 일시를 골라 주세요/);

  // An account's 휴대폰 refused: red-bordered field, the reason in the error style, the alert names the account.
  await page.goto('/admin/accounts');
  const mobile = page.getByLabel(`${staffName} 휴대폰 번호`);
  await waitForHydrated(mobile);
  await mobile.fill('02-123-4567');
  await page.getByRole('button', { name: `${staffName} 휴대폰 저장` }).click();
  await expect(page.getByRole('alert')).toContainText(staffEmail);
  await expect(mobile).toHaveAttribute('aria-invalid', 'true');
  expect(await mobile.evaluate((field) => getComputedStyle(field).borderTopColor)).toBe('rgb(179, 38, 30)');
  const reason = page.locator(`[id="${await mobile.getAttribute('id')}-error"]`);
  expect(await reason.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(179, 38, 30)');

  // 현장 등록 without a 휴대폰: the reason names the field as the page does.
  await page.goto('/admin/visits');
  const desk = page.getByRole('region', { name: '현장 등록' });
  await waitForHydrated(desk.getByLabel('이름'));
  await desk.getByLabel('이름').fill('현장오류');
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(desk.getByLabel('휴대폰')).toHaveAccessibleDescription('휴대폰 번호를 입력해 주세요.');
});

test('현장 등록: a second refusal that says the same is announced again, and focused', async ({ page }) => {
  await signInByRequest(page);
  await page.goto('/admin/visits');
  const desk = page.getByRole('region', { name: '현장 등록' });
  await waitForHydrated(desk.getByLabel('이름'));
  await desk.getByLabel('이름').fill(uniqueName('재안내'));
  const summary = '등록하지 못했습니다. 표시한 항목을 고쳐 주세요.';
  await desk.getByRole('button', { name: '등록' }).click();
  await expect(page.getByRole('alert').filter({ hasText: summary })).toBeFocused();

  await listenToLiveRegions(page);
  await desk.getByRole('button', { name: '등록' }).click();
  await expect.poll(() => spokenSince(page)).toEqual([summary]);
  await expect(page.getByRole('alert').filter({ hasText: summary })).toBeFocused();
  await expectNoAxeViolations(page);
});

test('an account’s 휴대폰 or a higher role leaves its sessions alone; a lower role ends them, and the admin is told so', async ({
  page,
  browser,
}, testInfo) => {
  const staffName = uniqueName('세션유지');
  const staffEmail = addSalesAccount(`sessions-${testInfo.project.name}`, staffName);
  const colleague = await (await browser.newContext({ viewport: page.viewportSize() })).newPage();
  await signIn(colleague, staffEmail);
  await signInByRequest(page);
  await page.goto('/admin/accounts');
  const mobile = page.getByLabel(`${staffName} 휴대폰 번호`);
  await waitForHydrated(mobile);
  await mobile.fill('010-3333-4444');
  await page.getByRole('button', { name: `${staffName} 휴대폰 저장` }).click();
  await expect(page.getByRole('status').filter({ hasText: '휴대폰 번호를' })).toBeFocused();
  await page.getByLabel(`${staffName} 새 역할`).selectOption({ label: '팀장' });
  await page.getByRole('button', { name: `${staffName} 역할 바꾸기` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${staffName} 님의 역할을 팀장으로 바꿨습니다. 로그아웃되지 않고 다음 화면부터 새 역할이 적용됩니다.` }),
  ).toBeFocused();

  // Mid-memo on their phone, the 상담사 goes on: still signed in, now as 팀장.
  await colleague.goto('/admin/leads');
  await expect(colleague.getByRole('navigation', { name: '상담 관리 메뉴' })).toBeVisible();
  await expect(colleague.getByText(`${staffName} (팀장)`)).toBeVisible();

  await page.getByLabel(`${staffName} 새 역할`).selectOption({ label: '상담사' });
  await page.getByRole('button', { name: `${staffName} 역할 바꾸기` }).click();
  await expect(
    page.getByRole('status').filter({ hasText: `${staffName} 님의 역할을 상담사로 바꿨습니다. 낮아진 역할이라 로그인된 기기에서도 바로 로그아웃됩니다.` }),
  ).toBeFocused();
  await colleague.goto('/admin/leads');
  await expect(colleague).toHaveTitle('직원 로그인 | 상담 관리');
  await colleague.context().close();
});
