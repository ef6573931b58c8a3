/** 방문 일정 관리's Korean text. */
import { withParticle } from '../../../shared/korean-particle';
import { MAX_SLOT_CAPACITY, MAX_TIMES_PER_DAY, type SlotResult } from '../../../shared/visit-slots';
import { dayLabel } from './console-page';

export const slotText = {
  title: '방문 일정 관리',
  forbidden: '방문 일정은 관리자와 팀장만 만들고 고칠 수 있습니다.',
  showDay: '하루',
  showWeek: '일주일',
  // Two forms on the page each have a start date and a period: their names say which form.
  createFrom: '일정 시작 날짜',
  createPeriod: '일정 기간',
  listFrom: '조회 시작 날짜',
  listPeriod: '조회 기간',
  show: '보기',
  previous: '← 이전',
  next: '다음 →',
  createHeading: '일정 추가',
  times: '시각 (쉼표로 구분, 예: 11:00, 14:00, 16:00)',
  capacity: '정원 (시각마다)',
  create: '일정 만들기',
  listHeading: (from: string, days: number) => (days === 7 ? `${dayLabel(from)}부터 일주일` : dayLabel(from)),
  empty: '이 기간에는 방문 일정이 없습니다.',
  date: '날짜',
  time: '시각',
  booked: '예약 / 정원',
  edit: '시각·정원 수정',
  save: '저장',
  saveOf: (at: string) => `${at} 일정 저장`,
  remove: '삭제',
  removeOf: (at: string) => `${at} 일정 삭제`,
  confirmRemove: (at: string) => `${at} 방문 일정을 삭제할까요? 되돌릴 수 없습니다.`,
  timeOf: (at: string) => `${at} 시각`,
  capacityOf: (at: string) => `${at} 정원`,
  onlyEmpty: '예약이 있어 삭제할 수 없습니다',
  badDate: '날짜를 2026-11-28처럼 연-월-일로 입력해 주세요.',
  created: (count: number, skipped: number) => `방문 일정 ${count}개를 만들었습니다.${skipped ? ` 이미 있는 ${skipped}개는 그대로 두었습니다.` : ''}`,
  saved: (moved: number, time: string) =>
    `일정을 저장했습니다.${moved > 0 ? ` 예약한 고객 ${moved}명의 방문 시각도 ${withParticle(time, '으로/로')} 함께 바뀌었습니다.` : ''}`,
  removed: '일정을 삭제했습니다.',
  refused: {
    forbidden: '방문 일정은 관리자와 팀장만 만들고 고칠 수 있습니다.',
    notFound: '그 일정은 이미 삭제되었습니다.',
    conflict: '그 사이 예약이 들어오거나 다른 직원이 일정을 바꿨습니다. 아래 현재 상태를 보고 다시 시도해 주세요.',
    invalid: '시각은 14:00처럼 24시간제로, 정원은 1~200 사이 정수로, 시각은 하루 12개까지 입력해 주세요.',
    badTimes: (bad: string[]) => `${bad.join(', ')}: 시각은 00:00부터 23:59까지, 14:00처럼 24시간제로 입력해 주세요.`,
    noTimes: '시각을 하나 이상 입력해 주세요.',
    tooManyTimes: `시각은 하루 ${MAX_TIMES_PER_DAY}개까지 입력할 수 있습니다.`,
    badCapacity: `정원은 1부터 ${MAX_SLOT_CAPACITY}까지 정수로 입력해 주세요.`,
    timeTakenAt: (at: string) => `${at}에는 이미 다른 일정이 있습니다. 다른 시각을 입력해 주세요.`,
    past: '지난 날짜나 이미 지난 시각에는 방문 일정을 만들 수 없습니다. 오늘 이후의 날짜와 시각을 골라 주세요.',
    belowBooked: (booked: number) => `이미 ${booked}명이 예약해 정원을 ${booked}보다 적게 줄일 수 없습니다.`,
    notEmpty: '예약한 고객이 있는 일정은 삭제할 수 없습니다. 고객의 예약을 먼저 옮기거나 취소해 주세요.',
    timeTaken: '그날 같은 시각의 일정이 이미 있습니다.',
  },
} as const;

/** Why the store refused a slot's change. */
export function slotRefusal(result: Extract<SlotResult, { ok: false }>): string {
  return result.error === 'belowBooked' ? slotText.refused.belowBooked(result.booked ?? 0) : slotText.refused[result.error];
}
