import { messages } from './messages';

/**
 * Why the admin's sign-in or write was refused: the auth service's codes, each with its HTTP
 * status and Korean line. Kept out of `messages`: only the server and route actions read these,
 * so they stay out of the browser bundle.
 */
export type LoginRefusal =
  'foreignOrigin' | 'loginMissingFields' | 'loginUnavailable' | 'loginThrottled' | 'loginAccountBackoff' | 'loginBusy' | 'loginInvalid' | 'loginDisabled';
export type WriteRefusal = 'foreignOrigin' | 'staffSessionRequired' | 'staffRoleForbidden';
export type StaffRefusal = LoginRefusal | WriteRefusal | 'unreadableForm' | 'unknownRequest';

/** The reasons shown after "로그인 실패: " and for refused writes. */
export const staffRefusalMessages = {
  loginInvalid: '이메일 또는 비밀번호가 올바르지 않습니다.',
  loginMissingFields: '이메일과 비밀번호를 입력해 주세요.',
  loginThrottled: '로그인 시도가 너무 많습니다. 15분 후 다시 시도해 주세요.',
  loginUnavailable: '관리자 계정이 설정되지 않았습니다.',
  loginBusy: '로그인 요청이 많아 지금은 처리할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  staffSessionRequired: '관리자 로그인이 필요합니다.',
  loginDisabled: '사용이 중지된 계정입니다. 관리자에게 문의해 주세요.',
  staffRoleForbidden: '관리자만 할 수 있는 작업입니다.',
  loginAccountBackoff: (seconds: number) =>
    `이 계정의 로그인 실패가 많아 잠시 제한됩니다. ${seconds < 60 ? `${seconds}초` : `${Math.ceil(seconds / 60)}분`} 후 다시 시도해 주세요.`,
  unknownRequest: '알 수 없는 요청입니다.',
};

const STATUS_OF: Record<StaffRefusal, number> = {
  foreignOrigin: 403,
  loginMissingFields: 400,
  loginUnavailable: 401,
  loginThrottled: 429,
  loginAccountBackoff: 429,
  loginBusy: 503,
  loginInvalid: 401,
  loginDisabled: 403,
  staffSessionRequired: 401,
  staffRoleForbidden: 403,
  unreadableForm: 400,
  unknownRequest: 400,
};

/** The HTTP status and the Korean line for a refusal (the account back-off names its wait). */
export function staffRefusalAnswer(refusal: StaffRefusal, retryAfterSeconds = 0): { status: number; message: string } {
  const status = STATUS_OF[refusal];
  if (refusal === 'loginAccountBackoff') return { status, message: staffRefusalMessages.loginAccountBackoff(retryAfterSeconds) };
  if (refusal === 'foreignOrigin' || refusal === 'unreadableForm') return { status, message: messages[refusal] };
  return { status, message: staffRefusalMessages[refusal] };
}
