/**
 * What a staff account must look like, checked the same way by the console's accounts page and
 * the admin CLI, and the Korean line for each refusal of an account change.
 */
import { STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from './staff-roles';
import { normalisePhone } from './lead-validation';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_LENGTH = 1024;
export const MAX_EMAIL_LENGTH = 254;

/** A refused sign-in's e-mail field, as typed (within the length limit), to put back in the form. */
export function typedEmail(value: unknown): string {
  return typeof value === 'string' ? value.slice(0, MAX_EMAIL_LENGTH) : '';
}
export const MAX_STAFF_NAME_LENGTH = 40;

export type StaffAccountError =
  | 'invalidEmail'
  | 'invalidName'
  | 'invalidRole'
  | 'shortPassword'
  | 'longPassword'
  | 'accountExists'
  | 'accountNotFound'
  | 'ownAccount'
  | 'lastAdmin'
  | 'managedByEnvironment'
  | 'invalidMobile';

export const STAFF_ACCOUNT_ERROR_MESSAGES: Record<StaffAccountError, string> = {
  invalidEmail: '이메일 주소가 올바르지 않습니다.',
  invalidName: `이름을 1~${MAX_STAFF_NAME_LENGTH}자로 입력해 주세요.`,
  invalidRole: `역할은 ${STAFF_ROLES.map((role) => `${STAFF_ROLE_LABELS[role]}(${role})`).join(', ')} 중 하나여야 합니다.`,
  shortPassword: `비밀번호는 ${MIN_PASSWORD_LENGTH}자 이상이어야 합니다.`,
  longPassword: `비밀번호는 ${MAX_PASSWORD_LENGTH}자를 넘을 수 없습니다.`,
  accountExists: '이미 있는 계정입니다.',
  accountNotFound: '계정을 찾을 수 없습니다.',
  ownAccount: '자기 계정은 사용 중지하거나 역할을 바꿀 수 없습니다.',
  lastAdmin: '사용 중인 관리자 계정이 하나는 있어야 합니다.',
  invalidMobile: '휴대폰 번호는 010으로 시작하는 11자리로 입력해 주세요 (예: 010-1234-5678). 없으면 비워 두세요.',
  managedByEnvironment: '이 계정의 비밀번호는 서버 설정(ADMIN_PASSWORD_HASH)으로 정해집니다. 설정을 바꾼 뒤 서버를 다시 시작해 주세요.',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const STAFF_MOBILE = /^010\d{8}$/;

/** A staff member's 휴대폰 as stored (`01012345678`, however typed), null for none (empty), or 'invalid'. */
export function staffMobile(raw: string): string | null | 'invalid' {
  const typed = raw.trim();
  if (!typed) return null;
  const digits = normalisePhone(typed);
  return STAFF_MOBILE.test(digits) ? digits : 'invalid';
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

export function checkEmail(email: string): StaffAccountError | null {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL.test(email) ? null : 'invalidEmail';
}

export function checkPassword(password: string): StaffAccountError | null {
  if (password.length < MIN_PASSWORD_LENGTH) return 'shortPassword';
  return password.length > MAX_PASSWORD_LENGTH ? 'longPassword' : null;
}

/** The first problem of a new account's fields, or null. */
export function checkNewAccount(account: { email: string; name: string; role: unknown; password: string }): StaffAccountError | null {
  const name = account.name.trim();
  return (
    checkEmail(account.email) ??
    (name.length < 1 || name.length > MAX_STAFF_NAME_LENGTH ? 'invalidName' : null) ??
    (isStaffRole(account.role) ? null : 'invalidRole') ??
    checkPassword(account.password)
  );
}
