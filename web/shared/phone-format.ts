/**
 * A customer's phone number as the console shows it. Here, not beside the site form's validation,
 * whose module every visitor's page loads.
 */

/** A Korean mobile number, digits only: what a message can be sent to and a customer is erased by. */
export const MOBILE_DIGITS = /^01[016789]\d{7,8}$/;

/** 01012345678 → 010-1234-5678 (for display and the exports). */
export function formatPhone(digits: string): string {
  return digits.length === 11
    ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** 010-****-5678: lists never show a whole number; revealing one is an audited action. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 8) return '****';
  return `${digits.slice(0, 3)}-****-${digits.slice(-4)}`;
}
