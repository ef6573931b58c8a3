/** 방문 명단's Korean text, and what it says of a check-in post's answer. */
import { withParticle } from '../../../shared/korean-particle';
import { seoulTime } from './console-page';

export const VISITS_TEXT = {
  title: '방문 명단',
  previousDay: '이전 날',
  nextDay: '다음 날',
  today: '오늘',
  dateLabel: '날짜',
  show: '보기',
  print: '인쇄',
  noSlots: '이 날은 방문 예약 시간이 없습니다.',
  messageToday: '오늘 방문 예약자 모두에게 문자',
  noBookings: '예약한 고객이 없습니다.',
  walkIns: '현장 방문',
  walkInCount: (count: number) => `예약 없이 온 고객 ${count}명`,
  name: '이름',
  phone: '연락처',
  status: '상태',
  assignee: '담당자',
  lastMemo: '최근 메모',
  checkIn: '방문 확인',
  checkedIn: (time: string) => `${time} 방문 확인`,
  undoCheckIn: '확인 취소',
  undoCheckInOf: (name: string) => `${name} 님 방문 확인 취소`,
  onTheDay: '방문 당일에 확인합니다',
  notCheckedIn: '방문 확인 없음',
  booked: (booked: number, capacity: number) => `예약 ${booked} / 정원 ${capacity}`,
  checkInOf: (name: string) => `${name} 님 방문 확인`,
  badDate: (value: string) => `${withParticle(`"${value}"`, '은/는')} 올바른 날짜가 아닙니다. 2026-11-25처럼 연-월-일로 입력하거나 달력에서 골라 주세요.`,
} as const;

/** What a check-in post answered, as the page says it. */
export type CheckInOutcome =
  | { outcome: 'checkedIn'; leadId: string; name: string; at: string | null }
  | { outcome: 'undone'; leadId: string; name: string }
  | { outcome: 'conflict'; leadId: string; name: string; alreadyVisited: boolean; at: string | null }
  | { outcome: 'notFound' | 'invalid' | 'forbidden' | 'notYours' | 'notToday' };

export function checkInMessage(result: CheckInOutcome): string {
  switch (result.outcome) {
    case 'checkedIn':
      return `${result.name} 님의 방문을 확인했습니다${result.at ? ` (${seoulTime(result.at)})` : ''}. 상태가 방문 완료로 바뀌었습니다.`;
    case 'conflict':
      return result.alreadyVisited
        ? `${result.name} 님은 이미 방문 확인되었습니다${result.at ? ` (${seoulTime(result.at)})` : ''}. 아래에 현재 상태를 표시했습니다.`
        : `다른 직원이 먼저 ${result.name} 님의 정보를 바꿨습니다. 아래 현재 상태를 확인한 뒤 다시 방문 확인해 주세요.`;
    case 'undone':
      return `${result.name} 님의 방문 확인을 취소했습니다. 상태가 방문 예약으로 돌아갔습니다.`;
    case 'forbidden':
      return '방문 확인 취소는 팀장이나 관리자만 할 수 있습니다.';
    case 'notYours':
      return '다른 상담사에게 배정된 고객입니다. 팀장에게 요청해 주세요.';
    case 'notToday':
      return '방문 확인은 예약한 날 당일에만 할 수 있습니다.';
    case 'notFound':
      return '고객 정보를 찾을 수 없습니다. 삭제되었거나 주소가 잘못되었습니다.';
    case 'invalid':
      return '방문 확인 요청을 읽을 수 없습니다. 화면을 새로 고친 뒤 다시 시도해 주세요.';
  }
}
