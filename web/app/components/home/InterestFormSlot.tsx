/**
 * Where the visit-reservation form goes. The form and its submission belong to the leads work,
 * which replaces this placeholder with the real form; the section around it (title, text, the
 * `#interestForm` anchor) is the home page's.
 */
export function InterestFormSlot() {
  return <div className="interest-form-slot" />;
}
