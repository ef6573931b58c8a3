/**
 * What a modal panel (the slide menu) does with focus: the elements a keyboard can reach, and the
 * page beneath made inert. Apart from ./focus.ts, whose hooks every page runs from the document:
 * these belong to the site's chrome alone and load with it.
 */

/** What a keyboard can reach, for moving focus into a panel. */
export const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Makes everything in the body inert except the given elements (and what contains them), as a
 * modal needs: no Tab, click or screen-reader cursor reaches the page underneath. Returns the
 * function that undoes it, leaving elements that were inert before as they were.
 */
export function inertOutside(kept: readonly Element[]): () => void {
  const madeInert: Element[] = [];
  const visit = (parent: Element) => {
    for (const child of Array.from(parent.children)) {
      if (kept.includes(child) || child instanceof HTMLScriptElement) continue;
      if (kept.some((element) => child.contains(element))) visit(child);
      else if (!child.hasAttribute('inert')) {
        child.setAttribute('inert', '');
        madeInert.push(child);
      }
    }
  };
  visit(document.body);
  return () => {
    for (const element of madeInert) element.removeAttribute('inert');
  };
}
