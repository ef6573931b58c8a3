import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Focus inside these is not the page's to scroll: they sit above it (fixed or in the top layer). */
const OVERLAY_SELECTOR = 'dialog[open], .slide-menu';

/**
 * The part of the viewport the page's content shows through: below the sticky header and above
 * the fixed bottom bar, which `scroll-padding` on the root element describes.
 */
function unobscuredBand(): { top: number; bottom: number } {
  const style = getComputedStyle(document.documentElement);
  const top = Number.parseFloat(style.scrollPaddingTop) || 0;
  const bottom = window.innerHeight - (Number.parseFloat(style.scrollPaddingBottom) || 0);
  return { top, bottom };
}

/**
 * Sideways-scrolling menus: a focused item is scrolled wholly into its strip (the browser leaves
 * one that shows in part), clear of the faded edge that the strip's scroll-padding describes.
 */
const SIDEWAYS_STRIP_SELECTOR = '.sub-menu__list, .tabs__list, .console-nav';

/**
 * Whenever an element of the page receives focus and is not wholly in the unobscured band (or in
 * the visible part of a sideways-scrolling menu), scrolls it there. Browsers scroll a focused
 * element into view only when it is entirely out of view, so a field half under the bottom bar,
 * cut by the bottom of a short (zoomed) viewport, or a menu item half past the strip's edge would
 * stay so.
 */
export function useKeepFocusInView(): void {
  useEffect(() => {
    let frame = 0;
    const onFocusIn = (event: FocusEvent) => {
      const element = event.target;
      if (!(element instanceof Element) || element.closest(OVERLAY_SELECTOR)) return;
      cancelAnimationFrame(frame);
      // After the browser's own scrolling for the focus change.
      frame = requestAnimationFrame(() => {
        if (document.activeElement !== element) return;
        const rect = element.getBoundingClientRect();
        const band = unobscuredBand();
        if (rect.top >= band.top && rect.bottom <= band.bottom && !element.closest(SIDEWAYS_STRIP_SELECTOR)) return;
        const fits = rect.height <= band.bottom - band.top;
        element.scrollIntoView({ block: fits ? 'nearest' : 'start', inline: 'nearest' });
      });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      cancelAnimationFrame(frame);
    };
  }, []);
}

/**
 * Moves focus to the page's h1, so that a screen reader announces where the user arrived and the
 * next Tab starts from the content; unless the page put focus on something of its own first (an
 * element marked `data-keeps-focus`, such as a message to read before anything else).
 */
function focusPageHeading(): void {
  if (document.activeElement?.closest('[data-keeps-focus]')) return;
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus({ preventScroll: true });
}

/**
 * After client-side navigation to another page, focuses the new page's heading (focusPageHeading).
 * Changes of only the query or the hash (in-page links, pagination state) leave focus alone, as
 * does the first render.
 */
export function useFocusHeadingOnNavigation(): void {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    focusPageHeading();
  }, [pathname]);
}
