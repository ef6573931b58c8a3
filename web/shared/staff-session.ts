/**
 * The console's session clock: `GET` says how long the signed-in staff member's session has left
 * (without counting as activity), `POST` ("계속 사용") renews it. Shared by the server's route and
 * the console's warning dialog.
 */
export const STAFF_SESSION_PATH = '/api/session';

/** What both methods answer: milliseconds until the session ends unless renewed (0: no session). */
export type StaffSessionStatus = { remainingMs: number };

/** The answer to a renewal when the session has already ended (401). */
export const SESSION_ENDED_MESSAGE = '로그인 시간이 끝났습니다. 다시 로그인해 주세요.';
