import { messages } from './messages';

/** Why the admin's sign-in or write was refused: the auth service's codes. */
export type LoginRefusal = 'foreignOrigin' | 'loginMissingFields' | 'loginUnavailable' | 'loginThrottled' | 'loginAccountBackoff' | 'loginBusy' | 'loginInvalid';
export type WriteRefusal = 'foreignOrigin' | 'adminSessionRequired';
export type AdminRefusal = LoginRefusal | WriteRefusal | 'unreadableForm' | 'unknownRequest';

const STATUS_OF: Record<AdminRefusal, number> = {
  foreignOrigin: 403,
  loginMissingFields: 400,
  loginUnavailable: 401,
  loginThrottled: 429,
  loginAccountBackoff: 429,
  loginBusy: 503,
  loginInvalid: 401,
  adminSessionRequired: 401,
  unreadableForm: 400,
  unknownRequest: 400,
};

/** The HTTP status and the Korean line for a refusal (the account back-off names its wait). */
export function adminRefusalAnswer(refusal: AdminRefusal, retryAfterSeconds = 0): { status: number; message: string } {
  const message = refusal === 'loginAccountBackoff' ? messages.loginAccountBackoff(retryAfterSeconds) : messages[refusal];
  return { status: STATUS_OF[refusal], message };
}
