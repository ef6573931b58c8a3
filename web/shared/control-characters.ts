/** Typed filter values (console searches and conditions) refuse control characters. */

// eslint-disable-next-line no-control-regex -- what no typed search holds (NUL ended a PostgreSQL query in a 500)
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/** What every console filter answers (400) when a typed value holds a control character. */
export const FILTER_CONTROL_MESSAGE = '검색어와 조건에는 제어 문자(보이지 않는 특수 문자)를 쓸 수 없습니다. 다시 입력해 주세요.';

/** Whether a typed filter value holds a control character (NUL, tab, line break, DEL, C1…). */
export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}
