/**
 * The console's forms as a KWCAG 2.2 audit found them, each at the width where it failed: labels
 * that voice control can say, focus rings on every stop, nothing cut off at 320 px, errors beside
 * their fields, announcements that say only what happened, actions that can be taken back, and
 * what is typed kept across the end of a session.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, screenshot } from './checks';
import { registerLeadsThroughApi, signIn } from './console-helpers';

/** A name no other test (or project) uses, for staff and leads alike. */
const uniqueName = (prefix: string) => `${prefix}${Date.now() % 100000}${Math.floor(Math.random() * 10)}`;

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

test('the lead list: each row box has a visible label that is part of its name (voice control can say it)', async ({ page, request }, testInfo) => {
  const leadName = uniqueName('라벨');
  await registerLeadsThroughApi(request, leadName, 2);
  await signIn(page);
  await page.goto(`/admin/leads?q=${encodeURIComponent(leadName)}`);
  const rowBoxes = page.getByRole('checkbox', { name: `${leadName} 선택` });
  await expect(rowBoxes).toHaveCount(2);
  const visible = await visibleLabelText(page, '.lead-list input[type="checkbox"]');
  expect(visible).toEqual(['선택', '선택']);
  for (const box of await rowBoxes.all()) await expect(box).toHaveAccessibleName(`${leadName} 선택`);
  await screenshot(page, testInfo, 'lead-list-row-labels');
  await expectNoAxeViolations(page);
});
