import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/checks';
import { fillAndConsent, openInteractive, visibleOpener } from './support/lead-helpers';
import { LEADS_CLI } from '../support/operator-cli';

/**
 * Lead capture in the browser, at both widths: the popup (opened from the site's openers), the
 * home visit-reservation form and the customer page each store a lead that the staff export
 * (`npm run leads -- export` against the server's DATA_DIR) then contains; Back and Esc close the
 * popup; a keyboard alone can register; the forms are axe-clean; without JavaScript the form
 * posts and lands on the result page.
 */

const SUCCESS = '등록이 완료되었습니다.';

/** The staff export, run as staff run it, against the e2e server's data. */
function exportCsv(): string {
  return execFileSync(process.execPath, [LEADS_CLI, 'export'], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SANITY_PROJECT_ID: '' },
    encoding: 'utf8',
  });
}

/** A mobile number no other test (or project) uses: 010-XXXX-YYYY. */
function uniquePhone(): string {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  return `010-${digits.slice(0, 4)}-${digits.slice(4)}`;
}

function exportedRowFor(phone: string): string | undefined {
  return exportCsv()
    .split('\r\n')
    .find((row) => row.includes(`"${phone}"`));
}

test.describe('interest popup', () => {
  test('registers a lead that the export then contains', async ({ page }) => {
    await openInteractive(page, '/');
    const opener = visibleOpener(page);
    await opener.click();
    const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('이름')).toBeFocused();
    await expectNoAxeViolations(page);

    const phone = uniquePhone();
    await fillAndConsent(dialog, '팝업테스트', phone);
    await dialog.getByRole('button', { name: '관심고객 등록' }).click();
    await expect(dialog.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"팝업테스트"');
    expect(exportedRowFor(phone)).toContain('"관심고객 등록 창"');
  });

  test('closes on browser Back without leaving the page, and on Esc; focus returns to the opener', async ({ page }) => {
    await openInteractive(page, '/');
    const url = page.url();
    const opener = visibleOpener(page);
    const dialog = page.getByRole('dialog', { name: '관심고객 등록' });

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.goBack();
    await expect(dialog).toBeHidden();
    expect(page.url()).toBe(url);
    await expect(opener).toBeFocused();

    await opener.click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
    // Closing removed the popup's history entry: Back now leaves the page as usual.
    expect(page.url()).toBe(url);
  });

  test('keeps keyboard focus inside while open: Tab and Shift+Tab cycle through its controls', async ({ page }) => {
    await openInteractive(page, '/');
    await visibleOpener(page).click();
    const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
    await expect(dialog.getByLabel('이름')).toBeFocused();
    // The page behind a modal dialog is inert: focus is in the dialog, or momentarily on the
    // document itself where the browser would show its own toolbar, never on the page behind.
    const focusOutside = () =>
      page.evaluate(() => {
        const active = document.activeElement;
        const open = document.querySelector('dialog.interest-popup[open]');
        return active && active !== document.body && !open?.contains(active) ? active.outerHTML.slice(0, 80) : null;
      });
    for (const key of ['Tab', 'Shift+Tab']) {
      let returnsToName = 0;
      for (let step = 0; step < 30; step += 1) {
        await page.keyboard.press(key);
        expect(await focusOutside(), `${key} × ${step + 1}`).toBeNull();
        if (await dialog.getByLabel('이름').evaluate((input) => input === document.activeElement)) returnsToName += 1;
      }
      expect(returnsToName, `${key} cycles back to the first field`).toBeGreaterThanOrEqual(1);
    }
    await expect(dialog).toBeVisible();
  });

  test('a keyboard alone can open it and register', async ({ page }) => {
    await openInteractive(page, '/');
    await visibleOpener(page).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
    await expect(dialog.getByLabel('이름')).toBeFocused();
    const phone = uniquePhone();
    await page.keyboard.type('키보드테스트');
    await page.keyboard.press('Tab');
    await page.keyboard.type(phone);
    // Tab through the rest in order, ticking the required boxes with Space.
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const element = document.activeElement as HTMLInputElement | null;
        return { name: element?.name ?? '', type: element?.type ?? '', text: element?.textContent ?? '' };
      });
      if (focused.name === 'privacyConsent' || focused.name === 'ageConfirmed') await page.keyboard.press('Space');
      if (focused.type === 'submit') break;
    }
    await expect(dialog.getByRole('button', { name: '관심고객 등록' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"키보드테스트"');
  });

  test('shows the shared validation in Korean and focuses the first wrong field', async ({ page }) => {
    await openInteractive(page, '/');
    await visibleOpener(page).click();
    const dialog = page.getByRole('dialog', { name: '관심고객 등록' });
    await dialog.getByLabel('연락처').fill('02-123-4567');
    await dialog.getByRole('button', { name: '관심고객 등록' }).click();
    await expect(dialog.getByText('이름을 입력해 주세요.')).toBeVisible();
    await expect(dialog.getByText('휴대전화 번호를 정확히 입력해 주세요. 예: 010-1234-5678')).toBeVisible();
    await expect(dialog.getByText('개인정보 수집·이용에 동의해 주셔야 등록할 수 있습니다.')).toBeVisible();
    await expect(dialog.getByLabel('이름')).toBeFocused();
    await expectNoAxeViolations(page);
  });
});

test.describe('home visit-reservation form', () => {
  test('registers a lead from #interestForm', async ({ page }) => {
    await openInteractive(page, '/');
    const section = page.locator('#interestForm');
    const phone = uniquePhone();
    await fillAndConsent(section, '홈폼테스트', phone);
    await section.getByLabel('문의내용').fill('59A 타입 상담 원합니다');
    await section.getByRole('button', { name: '방문예약' }).click();
    await expect(section.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"59A 타입 상담 원합니다"');
    expect(exportedRowFor(phone)).toContain('"홈 방문예약"');
  });
});

test.describe('customer page', () => {
  test('books a visit slot with a required message; the export shows both', async ({ page }) => {
    await openInteractive(page, '/Promotion/Customer');
    await expect(page.getByRole('heading', { level: 1, name: '방문예약 등록' })).toBeVisible();
    await expect(page.getByText('24시간 상담 가능')).toBeVisible();
    const form = page.locator('.lead-form--customer');
    const phone = uniquePhone();
    await fillAndConsent(form, '고객페이지', phone);
    await form.getByRole('button', { name: '방문예약' }).click();
    await expect(form.getByText('문의내용을 입력해 주세요.')).toBeVisible();
    await form.getByLabel('문의내용').fill('주말 방문 희망');
    const slot = form.getByLabel('모델하우스 방문 희망 일시');
    const firstOpen = await slot.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
    await slot.selectOption(firstOpen!);
    await expectNoAxeViolations(page);
    // Hold the request to see the submitting state: button disabled, "등록 중...".
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/leads', async (route) => {
      await held;
      await route.continue();
    });
    const submit = form.locator('button[type="submit"]');
    await submit.click();
    await expect(submit).toHaveText('등록 중...');
    await expect(submit).toBeDisabled();
    release();
    await expect(form.getByRole('status')).toContainText(`✓ ${SUCCESS}`);
    // The form is cleared behind the message.
    await expect(form.getByLabel('이름')).toHaveValue('');
    await expect.poll(() => exportedRowFor(phone)).toContain('"예약됨"');
    expect(exportedRowFor(phone)).toContain('"주말 방문 희망"');
  });
});

test.describe('when the server fails', () => {
  test('a server error shows ❌, a lost connection ⚠️; the visitor’s input stays for a retry that then succeeds', async ({ page }) => {
    await openInteractive(page, '/');
    const section = page.locator('#interestForm');
    const phone = uniquePhone();
    await fillAndConsent(section, '재시도고객', phone);
    const submit = section.getByRole('button', { name: '방문예약' });

    await page.route('**/api/leads', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await submit.click();
    const problem = section.getByRole('alert');
    await expect(problem).toHaveText(/❌ 등록에 실패했습니다\. 다시 시도해 주세요\./);
    await expect(section.getByLabel('이름')).toHaveValue('재시도고객');

    await page.unroute('**/api/leads');
    await page.route('**/api/leads', (route) => route.abort('connectionrefused'));
    await problem.getByRole('button', { name: '다시 시도' }).click();
    await expect(problem).toHaveText(/⚠️ 오류가 발생했습니다\. 잠시 후 다시 시도해 주세요\./);
    await expect(section.getByLabel('연락처')).toHaveValue(phone);

    await page.unroute('**/api/leads');
    await problem.getByRole('button', { name: '다시 시도' }).click();
    await expect(section.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"재시도고객"');
  });
});

test.describe('result page (the no-JavaScript answer)', () => {
  test('lists the field errors in Korean, links back to the form and is axe-clean', async ({ page }) => {
    const response = await page.goto('/leads/result?status=invalid&errors=phoneInvalid,ageRequired&from=/Promotion/Customer');
    expect(response?.status()).toBe(200);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    const status = page.getByRole('status');
    await expect(status).toContainText('❌ 등록에 실패했습니다.');
    await expect(status.getByRole('listitem')).toHaveText(['휴대전화 번호를 정확히 입력해 주세요. 예: 010-1234-5678', '만 14세 이상만 등록할 수 있습니다.']);
    await expect(page.getByRole('link', { name: '양식으로 돌아가기' })).toHaveAttribute('href', '/Promotion/Customer');
    await expectNoAxeViolations(page);
  });

  test('a form sent sooner than the minimum fill time is asked to be sent again, with the way back', async ({ page }) => {
    await page.goto('/leads/result?status=tooFast&from=/Promotion/Customer');
    await expect(page.getByRole('status')).toContainText('잠시 후 다시 등록해 주세요.');
    await expect(page.getByRole('link', { name: '양식으로 돌아가기' })).toHaveAttribute('href', '/Promotion/Customer');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the customer form posts and the result page answers in Korean', async ({ page }) => {
    await page.goto('/Promotion/Customer');
    const form = page.locator('.lead-form--customer');
    const phone = uniquePhone();
    await fillAndConsent(form, '노스크립트', phone);
    await form.getByLabel('문의내용').fill('전화 주세요');
    await form.getByRole('button', { name: '방문예약' }).click();
    await expect(page).toHaveURL(/\/leads\/result\?status=ok/);
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"노스크립트"');
  });

  test('the customer form books a visit with the token the page was rendered with', async ({ page }) => {
    await page.goto('/Promotion/Customer');
    const form = page.locator('.lead-form--customer');
    const phone = uniquePhone();
    const slot = form.getByLabel('모델하우스 방문 희망 일시');
    const firstOpen = await slot.locator('option:not([disabled]):not([value=""])').first().getAttribute('value');
    await fillAndConsent(form, '무스크립트예약', phone);
    await form.getByLabel('문의내용').fill('토요일 방문');
    await slot.selectOption(firstOpen!);
    await form.getByRole('button', { name: '방문예약' }).click();
    await expect(page).toHaveURL(/\/leads\/result\?status=ok/);
    await expect(page.getByRole('status')).toContainText(SUCCESS);
    await expect.poll(() => exportedRowFor(phone)).toContain('"예약됨"');
  });
});
