/** The results a 상담사 records after a call, and how the console names them. */

/** The call results offered when marketing has not set its own list in the Studio. */
export const DEFAULT_CALL_RESULTS = ['통화 완료', '부재', '재통화 요청', '관심 없음', '번호 오류'] as const;
/** The call result of a customer who did not answer: counted in a row ("3회 부재"). */
export const MISSED_CALL_RESULT = '부재';
/** The call result that offers to mark the customer 무효. */
export const WRONG_NUMBER_CALL_RESULT = '번호 오류';

/** A last call result as the console shows it: 부재 with how many in a row ("3회 부재"). */
export function callResultLabel(result: string, missedCalls: number): string {
  return result === MISSED_CALL_RESULT && missedCalls > 0 ? `${missedCalls}회 ${MISSED_CALL_RESULT}` : result;
}
