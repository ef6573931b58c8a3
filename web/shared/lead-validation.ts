/**
 * The one validation of a lead form, run by the browser (before sending) and by the server (the
 * only check that counts). Pure: no DOM, no Node APIs, so both bundles share it.
 */
import { leadMessages, messages } from './messages';

export const LEAD_NAME_MAX = 50;
export const LEAD_MESSAGE_MAX = 2000;

/** Which form a lead came from; the customer pages label the message as required. */
export const LEAD_FORM_KINDS = ['popup', 'home', 'customer'] as const;
export type LeadFormKind = (typeof LEAD_FORM_KINDS)[number];

/** Form field names, shared by the markup, the JSON API and the error map. */
export const LEAD_FIELDS = {
  name: 'name',
  phone: 'phone',
  message: 'message',
  visitSlot: 'visitSlot',
  privacyConsent: 'privacyConsent',
  marketingConsent: 'marketingConsent',
  ageConfirmed: 'ageConfirmed',
  formKind: 'formKind',
  formToken: 'formToken',
  /** The honeypot: hidden from people, filled in by naive bots. */
  honeypot: 'website',
  sourcePage: 'sourcePage',
  /** The first page of the visit (sent by the forms with JavaScript). */
  landingPage: 'landingPage',
} as const;

type LeadFieldName = 'name' | 'phone' | 'message' | 'visitSlot' | 'privacyConsent' | 'ageConfirmed';

/** A field error as a code; its Korean text is `leadMessages.errors[code]`. */
export type LeadErrorCode = keyof typeof leadMessages.errors;
export type LeadFieldCodes = Partial<Record<LeadFieldName, LeadErrorCode>>;
/** Field errors as the visitor reads them. */
export type LeadFieldErrors = Partial<Record<LeadFieldName, string>>;

/** How a lead submission can be refused: the API's `error` codes and the result page's `status`. */
export type LeadSubmitError = 'invalid' | 'formExpired' | 'tooFast' | 'slotFull' | 'tokenUsed' | 'rateLimited';

/** The Korean message of each refusal, the same in the JSON answer and on the result page. */
export const LEAD_SUBMIT_MESSAGES: Record<LeadSubmitError, string> = {
  invalid: messages.leadFailure,
  formExpired: leadMessages.errors.formExpired,
  tooFast: leadMessages.errors.tooFast,
  slotFull: leadMessages.errors.visitSlotFull,
  tokenUsed: leadMessages.errors.tokenUsed,
  rateLimited: leadMessages.errors.rateLimited,
};

export function isLeadSubmitError(value: string): value is LeadSubmitError {
  return Object.hasOwn(LEAD_SUBMIT_MESSAGES, value);
}

export function isLeadErrorCode(value: string): value is LeadErrorCode {
  return Object.hasOwn(leadMessages.errors, value);
}

export function fieldMessagesOf(codes: LeadFieldCodes): LeadFieldErrors {
  return Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, leadMessages.errors[code]]));
}

export type ValidLead = {
  name: string;
  /** Digits only, e.g. 01012345678. */
  phone: string;
  message: string;
  visitSlotId: string | null;
  consent: { privacy: true; marketing: boolean; ageOver14: true };
  formKind: LeadFormKind;
};

export type LeadValidation = { ok: true; lead: ValidLead } | { ok: false; errors: LeadFieldErrors };
export type LeadCheck = { ok: true; lead: ValidLead } | { ok: false; errors: LeadFieldCodes };

const MOBILE_PHONE = /^01[016789]\d{7,8}$/;
// Separators people type between digit groups; "(0)" after +82 is handled below.
const PHONE_SEPARATORS = /[\s\-.()\u2010-\u2015\u2212]/g;
// Control characters other than tab and line breaks never belong in a name or a message.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// Every C0 and C1 control character and DEL, line breaks and tabs included.
// eslint-disable-next-line no-control-regex
const ANY_CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/g;
// A name is a name: Hangul and Latin letters, spaces and the marks names carry (. - ' ’ ·), never
// digits, addresses or other symbols (a name is the one visitor text our 알림톡 repeats, so a "name"
// with a link would be smishing in our name). The Hangul fillers are invisible: left out.
const NAME_CHARACTERS = /^[\p{Script=Hangul}\p{Script=Latin} .'\u2019\u00b7-]+$/u;
const NAME_LETTER = /[\p{Script=Hangul}\p{Script=Latin}]/u;
const INVISIBLE_HANGUL_FILLERS = /[\u115f\u1160\u3164\uffa0]/;
// A full stop ends an initial ("K. Lee"); one inside a word is an address (evil.kr).
const DOT_INSIDE_A_WORD = /\.[^\s]/;

/** Whether `name` (trimmed, spaces collapsed) may be stored as a person's name. */
export function isPlausibleName(name: string): boolean {
  return NAME_CHARACTERS.test(name) && NAME_LETTER.test(name) && !INVISIBLE_HANGUL_FILLERS.test(name) && !DOT_INSIDE_A_WORD.test(name);
}

// Sanity document ids of visit slots (see schemas/documents/visitSlot.ts).
const SLOT_ID = /^[a-zA-Z0-9_][a-zA-Z0-9_-]{0,99}$/;

/** `+82 10-1234-5678`, `010.1234.5678`, `010 1234 5678` → `01012345678`; anything else is left for the check. */
export function normalisePhone(raw: string): string {
  let digits = raw.replace(PHONE_SEPARATORS, '');
  if (digits.startsWith('+82')) {
    digits = `0${digits.slice(3)}`;
    // "+82 010…" and "+82 (0)10…" keep their trunk zero: drop the doubled one.
    if (digits.startsWith('00')) digits = digits.slice(1);
  }
  return digits;
}

/** The stored form of a whole mobile number however it was typed (see normalisePhone), or null when `raw` is not one. */
export function wholeMobilePhone(raw: string): string | null {
  const phone = normalisePhone(raw.trim());
  return MOBILE_PHONE.test(phone) ? phone : null;
}

/**
 * For one-line text that comes along with a lead rather than from a person (the page path, utm_*):
 * control characters are dropped, so none reaches a CSV cell or a spreadsheet formula.
 */
export function stripControlCharacters(value: string): string {
  return value.replace(ANY_CONTROL_CHARACTER, '');
}

/** Checkbox values as browsers (`on`) and JSON clients (`true`) send them. */
export function isChecked(value: unknown): boolean {
  return value === true || value === 'on' || value === 'true' || value === '1' || value === 'yes';
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function characterCount(value: string): number {
  return [...value].length;
}

export function isLeadFormKind(value: unknown): value is LeadFormKind {
  return typeof value === 'string' && (LEAD_FORM_KINDS as readonly string[]).includes(value);
}

/** Validates the submitted fields (form data as an object, or the JSON body), with Korean errors. */
export function validateLead(input: Record<string, unknown>): LeadValidation {
  const check = checkLead(input);
  return check.ok ? check : { ok: false, errors: fieldMessagesOf(check.errors) };
}

/** Validates the submitted fields, with the errors as codes (the server's answer maps them). */
export function checkLead(input: Record<string, unknown>): LeadCheck {
  const errors: LeadFieldCodes = {};
  const formKind = isLeadFormKind(input[LEAD_FIELDS.formKind]) ? (input[LEAD_FIELDS.formKind] as LeadFormKind) : 'popup';

  const name = text(input[LEAD_FIELDS.name]).trim().replace(/\s+/g, ' ');
  if (name === '') errors.name = 'nameRequired';
  else if (characterCount(name) > LEAD_NAME_MAX) errors.name = 'nameTooLong';
  else if (CONTROL_CHARACTERS.test(name) || !isPlausibleName(name)) errors.name = 'nameInvalid';

  const rawPhone = text(input[LEAD_FIELDS.phone]).trim();
  const phone = normalisePhone(rawPhone);
  if (rawPhone === '') errors.phone = 'phoneRequired';
  else if (!MOBILE_PHONE.test(phone)) errors.phone = 'phoneInvalid';

  const message = text(input[LEAD_FIELDS.message]).replace(/\r\n?/g, '\n').trim();
  if (formKind === 'customer' && message === '') errors.message = 'messageRequired';
  else if (characterCount(message) > LEAD_MESSAGE_MAX) errors.message = 'messageTooLong';
  else if (CONTROL_CHARACTERS.test(message)) errors.message = 'invalidBody';

  const slot = text(input[LEAD_FIELDS.visitSlot]).trim();
  if (slot !== '' && !SLOT_ID.test(slot)) errors.visitSlot = 'visitSlotInvalid';

  if (!isChecked(input[LEAD_FIELDS.privacyConsent])) errors.privacyConsent = 'privacyConsentRequired';
  if (!isChecked(input[LEAD_FIELDS.ageConfirmed])) errors.ageConfirmed = 'ageRequired';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    lead: {
      name,
      phone,
      message,
      visitSlotId: slot === '' ? null : slot,
      consent: { privacy: true, marketing: isChecked(input[LEAD_FIELDS.marketingConsent]), ageOver14: true },
      formKind,
    },
  };
}
