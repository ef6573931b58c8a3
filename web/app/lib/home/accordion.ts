/**
 * The home page's accordions (unit plan, mobile overview, complex, premium boxes): at most one
 * item open; activating the open item closes it. The state is the open item's index, or null.
 */
export type AccordionState = number | null;

/** The first item starts open, so its content is in the server HTML and readable without JS. */
export const INITIAL_ACCORDION_STATE: AccordionState = 0;

export function toggleAccordion(open: AccordionState, index: number): AccordionState {
  return open === index ? null : index;
}

/**
 * A heading that names the open item (the unit-plan section shows 타입 안내 or E-모델하우스) and
 * falls back to the section's own title (세대안내) when every item is closed.
 */
export function headingForOpenItem(open: AccordionState, itemTitles: readonly (string | null | undefined)[], fallback: string): string {
  return (open === null ? undefined : itemTitles[open]) || fallback;
}
