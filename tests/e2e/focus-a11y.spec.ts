import { expect, test, type Page } from '@playwright/test';
import { waitForHydration } from './support/checks';
import { openLead, registerThroughApi, signIn, signInByRequest, uniqueName, uniquePhone } from './support/console-helpers';

/**
 * Keyboard focus is always visible (WCAG 2.4.7, 2.4.11, 1.4.11): walking a page with Tab, every
 * focused element lies inside the viewport, is not covered by a fixed or sticky element (the
 * header, the mobile bottom bar), and shows a focus ring that contrasts at least 3:1 with the
 * background around it and is not clipped by a scrolling strip.
 */

const WALKED_PAGES = ['/', '/Promotion/Customer', '/cheonghak/press'];
/** The staff console's pages, walked signed in as the admin (who sees them all). */
const CONSOLE_PAGES = ['/admin', '/admin/leads', '/admin/visits', '/admin/stats', '/admin/audit', '/admin/accounts'];
/** More Tab stops than any walked page has; the walk ends earlier, when focus wraps around. */
const MAX_TAB_STOPS = 200;

type FocusReport = {
  /** The element's place in the document: the same element gives the same key. */
  key: string;
  element: string;
  inViewport: boolean;
  coveredBy: string[];
  ring: string | null;
  ringContrast: number;
  clippedBy: string | null;
};

/**
 * Runs in the page, in one round trip per Tab stop: once the page has settled (two frames, in which
 * it keeps a newly focused element in view, and its finite animations ended), what the user sees of
 * the focused element and its focus ring.
 */
async function inspectFocus(): Promise<FocusReport | null> {
  await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  await Promise.all(
    document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
      .map((animation) => animation.finished.catch(() => undefined)),
  );
  const element = document.activeElement;
  if (!(element instanceof HTMLElement) || element === document.body) return null;
  const describe = (node: Element) =>
    `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.classList.length ? `.${[...node.classList].join('.')}` : ''}${
      node.textContent?.trim() ? ` "${node.textContent.trim().slice(0, 30)}"` : ''
    }`;

  type Rgba = [number, number, number, number];
  const parse = (color: string): Rgba => {
    const numbers = color.match(/[\d.]+/g)?.map(Number) ?? [0, 0, 0, 0];
    return [numbers[0], numbers[1], numbers[2], numbers[3] ?? 1];
  };
  const over = (top: Rgba, bottom: Rgba): Rgba => {
    const alpha = top[3];
    return [0, 1, 2].map((i) => top[i] * alpha + bottom[i] * (1 - alpha)).concat(1) as Rgba;
  };
  const luminance = ([r, g, b]: Rgba) => {
    const channel = (value: number) => {
      const s = value / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
  };
  const contrast = (a: Rgba, b: Rgba) => {
    const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (light + 0.05) / (dark + 0.05);
  };
  /** The colour painted behind `start`: its background layers composited down to an opaque one. */
  const backgroundOf = (start: Element | null): Rgba => {
    const layers: Rgba[] = [];
    for (let node = start; node; node = node.parentElement) {
      const color = parse(getComputedStyle(node).backgroundColor);
      if (color[3] > 0) layers.push(color);
      if (color[3] >= 1) break;
    }
    return layers.reduceRight<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
  };

  const style = getComputedStyle(element);
  const rect = element.getBoundingClientRect();
  const outlineWidth = style.outlineStyle === 'none' ? 0 : Number.parseFloat(style.outlineWidth);
  const outlineOffset = Number.parseFloat(style.outlineOffset) || 0;
  /** How far the ring reaches beyond the element's box. */
  const reach = Math.max(0, outlineWidth + outlineOffset);
  // Wholly inside the viewport, its ring's top and bottom included. An element taller than the
  // part of the viewport the sticky bars leave free (the page's scroll padding, which the page's
  // own focus handling also measures by: a table's scrolling region with many campaigns at
  // 225 px) cannot be: it must then fill at least half of the viewport.
  const rootStyle = getComputedStyle(document.documentElement);
  const freeHeight = innerHeight - (Number.parseFloat(rootStyle.scrollPaddingTop) || 0) - (Number.parseFloat(rootStyle.scrollPaddingBottom) || 0);
  const fitsHeight = rect.height <= freeHeight + 0.5;
  const shownHeight = Math.min(rect.bottom, innerHeight) - Math.max(rect.top, 0);
  const inViewport =
    rect.width > 0 &&
    rect.left >= -0.5 &&
    rect.right <= innerWidth + 0.5 &&
    (fitsHeight ? rect.top - reach >= -0.5 && rect.bottom + reach <= innerHeight + 0.5 : shownHeight >= innerHeight / 2);

  // The centre of each line box, and for a block the middle of each edge (2 px in; corners may be
  // rounded off): the topmost element there must be the focused one or inside it.
  const points: Array<[number, number]> = [...element.getClientRects()].map((box) => [box.left + box.width / 2, box.top + box.height / 2]);
  if (style.display !== 'inline') {
    const inset = Math.min(2, rect.width / 4, rect.height / 4);
    const middleX = rect.left + rect.width / 2;
    const middleY = rect.top + rect.height / 2;
    points.push([middleX, rect.top + inset], [middleX, rect.bottom - inset], [rect.left + inset, middleY], [rect.right - inset, middleY]);
  }
  const labels = 'labels' in element ? [...((element as HTMLInputElement).labels ?? [])] : [];
  const coveredBy = points.flatMap(([x, y]) => {
    const hit = document.elementFromPoint(x, y);
    if (!hit || hit === element || element.contains(hit)) return [];
    if (labels.some((label) => label.contains(hit))) return [];
    return [describe(hit)];
  });

  // The ring: an outline and/or a box-shadow; its colours against the background next to them.
  const ringColours: Rgba[] = [];
  if (outlineWidth >= 2) ringColours.push(parse(style.outlineColor));
  if (style.boxShadow !== 'none') {
    for (const colour of style.boxShadow.match(/rgba?\([^)]*\)/g) ?? []) ringColours.push(parse(colour));
  }
  // An outline drawn inside the element sits on the element's own background.
  const background = backgroundOf(outlineOffset < 0 ? element : element.parentElement);
  const ringContrast = Math.max(0, ...ringColours.map((colour) => contrast(over(colour, background), background)));
  const ring = ringColours.length ? `${style.outline} / ${style.boxShadow}` : null;

  // The ring must not be cut off by a scrolling (or clipping) ancestor.
  let clippedBy: string | null = null;
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
    const { overflowX, overflowY } = getComputedStyle(node);
    if (overflowX === 'visible' && overflowY === 'visible') continue;
    const box = node.getBoundingClientRect();
    const left = box.left + node.clientLeft;
    const top = box.top + node.clientTop;
    const clipsX = overflowX !== 'visible' && (rect.left - reach < left - 0.5 || rect.right + reach > left + node.clientWidth + 0.5);
    const clipsY = overflowY !== 'visible' && (rect.top - reach < top - 0.5 || rect.bottom + reach > top + node.clientHeight + 0.5);
    if (clipsX || clipsY) {
      clippedBy = describe(node);
      break;
    }
  }
  // The element's own number for the walk (its place in the document shifts when the page's
  // script adds or removes elements before it, such as a select's options).
  const walk = window as unknown as { focusWalkIds?: WeakMap<Element, number>; focusWalkCount?: number };
  walk.focusWalkIds ??= new WeakMap();
  if (!walk.focusWalkIds.has(element)) walk.focusWalkIds.set(element, (walk.focusWalkCount = (walk.focusWalkCount ?? 0) + 1));
  const key = `${element.tagName}:${walk.focusWalkIds.get(element)}`;
  return { key, element: describe(element), inViewport, coveredBy, ring, ringContrast, clippedBy };
}

/** Waits for the transitions a focus change starts (a dropdown sliding in, the header turning white). */
async function walkFocus(page: Page, path: string): Promise<{ stops: number; problems: string[] }> {
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  const problems: string[] = [];
  const seen = new Set<string>();
  let previous = '';
  let stops = 0;
  for (let press = 0; press < MAX_TAB_STOPS; press++) {
    await page.keyboard.press('Tab');
    const report = await page.evaluate(inspectFocus);
    if (!report) break;
    const { key } = report;
    // A date field is several stops (year, month, day, its calendar button), each checked; focus
    // coming back to an element after others means the walk went round.
    if (seen.has(key) && key !== previous) break;
    if (key !== previous) stops += 1;
    seen.add(key);
    previous = key;
    const where = `${path} ${report.element}`;
    if (!report.inViewport) problems.push(`${where}: outside the viewport`);
    if (report.coveredBy.length) problems.push(`${where}: covered by ${report.coveredBy.join(', ')}`);
    if (!report.ring) problems.push(`${where}: no focus indicator`);
    else if (report.ringContrast < 3) problems.push(`${where}: focus ring contrast ${report.ringContrast.toFixed(2)}:1 (${report.ring})`);
    if (report.clippedBy) problems.push(`${where}: focus ring clipped by ${report.clippedBy}`);
  }
  return { stops, problems };
}

/** Walks each page in turn; every problem found, each page asserted to have more than `minStops` stops. */
async function walkPages(page: Page, paths: readonly string[], minStops: number): Promise<string[]> {
  const problems: string[] = [];
  for (const path of paths) {
    const walk = await walkFocus(page, path);
    expect(walk.stops, path).toBeGreaterThan(minStops);
    problems.push(...walk.problems);
  }
  return problems;
}

test.describe('focus is always visible', () => {
  for (const path of WALKED_PAGES) {
    test(`Tab through ${path}: every stop in view, uncovered, with a 3:1 ring`, async ({ page }) => {
      test.setTimeout(120_000);
      const { stops, problems } = await walkFocus(page, path);
      expect(stops).toBeGreaterThan(10);
      expect(problems).toEqual([]);
    });
  }

  test('at 320×225 (a 1280 px screen at 400 % zoom) no stop is hidden @mobile', async ({ page }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 320, height: 225 });
    for (const path of WALKED_PAGES) {
      const { stops, problems } = await walkFocus(page, path);
      expect(stops, path).toBeGreaterThan(10);
      expect(problems).toEqual([]);
    }
  });

  test('an invalid field shows the same focus ring as a valid one', async ({ page }) => {
    await page.goto('/Promotion/Customer');
    const form = page.locator('main form').first();
    await waitForHydration(page);
    // Submitting the empty form marks the required fields invalid (the page's own validation).
    await form.locator('[type="submit"]').click();
    const invalid = form.locator('input[aria-invalid="true"]').first();
    await expect(invalid).toBeVisible();
    const valid = form.locator('textarea, input[type="text"], input[type="tel"]').and(form.locator(':not([aria-invalid="true"])')).first();
    const ringOf = async (field: typeof invalid) => {
      await field.focus();
      return field.evaluate((element) => {
        const style = getComputedStyle(element);
        return { outline: style.outline, offset: style.outlineOffset, shadow: style.boxShadow };
      });
    };
    const validRing = await ringOf(valid);
    expect(validRing.outline).not.toMatch(/none|0px/);
    expect(await ringOf(invalid)).toEqual(validRing);
  });

  test('the console: the sign-in and every page signed in, each stop in view, uncovered, with a 3:1 ring', async ({ page }) => {
    test.setTimeout(240_000);
    const signInWalk = await walkFocus(page, '/admin');
    expect(signInWalk.stops).toBeGreaterThanOrEqual(4);
    await signIn(page);
    expect([...signInWalk.problems, ...(await walkPages(page, CONSOLE_PAGES, 8))]).toEqual([]);
  });

  test('방문 일정 관리: a time field shows the ring on each of its stops, its clock button included', async ({ page }) => {
    test.setTimeout(120_000);
    await signInByRequest(page);
    expect(await walkPages(page, ['/admin/slots'], 8)).toEqual([]);
  });

  test('the console at 320×225: a lead’s page and the lists keep every stop in view @mobile', async ({ page }) => {
    test.setTimeout(240_000);
    const name = uniqueName('초점');
    const { phone, lastFour } = uniquePhone();
    await registerThroughApi(page.request, name, phone);
    await signInByRequest(page);
    await openLead(page, name, lastFour);
    const leadPath = new URL(page.url()).pathname;
    await page.setViewportSize({ width: 320, height: 225 });
    expect(await walkPages(page, [leadPath, ...CONSOLE_PAGES], 8)).toEqual([]);
  });

  test('at 320×256, where the bottom bar is hidden, a stop that Tab scrolls into view shows its whole ring @mobile', async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 320, height: 256 });
    const visitorProblems = await walkPages(page, ['/Promotion/Customer', '/cheonghak/press'], 10);
    await signInByRequest(page);
    expect([...visitorProblems, ...(await walkPages(page, ['/admin/visits', '/admin/accounts'], 8))]).toEqual([]);
  });

  test('in preview the banner never hides focus (375, and 320×256) @mobile', async ({ page }) => {
    test.setTimeout(240_000);
    await signInByRequest(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: '미리보기로 사이트 보기' }).click();
    await expect(page.getByText('미리보기 모드 — 게시되지 않은 변경 내용이 보입니다')).toBeVisible();
    const atPhoneWidth = await walkPages(page, WALKED_PAGES, 10);
    await page.setViewportSize({ width: 320, height: 256 });
    expect([...atPhoneWidth, ...(await walkPages(page, WALKED_PAGES, 10))]).toEqual([]);
  });

  test('in preview, Shift+Tab back from the customer form’s submit button stays below the banner @mobile', async ({ page }) => {
    await signInByRequest(page);
    await page.goto('/admin');
    await page.getByRole('button', { name: '미리보기로 사이트 보기' }).click();
    await page.goto('/Promotion/Customer');
    await waitForHydration(page);
    const submit = page.locator('.lead-form--customer').getByRole('button', { name: '방문예약' });
    await submit.focus();
    const header = page.locator('.site-header');
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Shift+Tab');
      await page.evaluate(inspectFocus);
      const headerBottom = (await header.boundingBox())!.y + (await header.boundingBox())!.height;
      const focused = await page.evaluate(() => document.activeElement!.getBoundingClientRect().top);
      expect(focused, `stop ${press + 1} before the submit button`).toBeGreaterThanOrEqual(headerBottom - 0.5);
    }
  });
});
