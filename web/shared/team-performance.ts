/**
 * 상담사별 실적 on the statistics page, shared by the page and its CSV: the route, the range of a
 * request (its own fields beside the page's range: today by default) and the Korean labels.
 */
import { parseStatsRange, STATS_PATH, type StatsRange } from './campaign-stats';

export const TEAM_PERFORMANCE_EXPORT_PATH = `${STATS_PATH}/team.csv`;
/** The query fields of the table's range (the page's own `from`/`to` are its other tables'). */
export const TEAM_RANGE_PARAMS = { from: 'teamFrom', to: 'teamTo' } as const;

export const teamPerformanceMessages = {
  forbidden: '상담사별 실적은 팀장과 관리자만 볼 수 있습니다.',
};

/** The table's range from `teamFrom`/`teamTo` (today by default), or the Korean error of a range that is not one. */
export function parseTeamRange(search: URLSearchParams, today: string): StatsRange | { error: string } {
  const asked = new URLSearchParams({ from: search.get(TEAM_RANGE_PARAMS.from) || today, to: search.get(TEAM_RANGE_PARAMS.to) || today });
  return parseStatsRange(asked, today);
}

/** One 상담사's (or another staff member's) numbers of one Seoul day. */
export type TeamPerformanceCounts = {
  /** Customers given to them that day. */
  assigned: number;
  /** Calls they recorded, every result. */
  calls: number;
  /** Calls per result, for each result of the report. */
  callsByResult: Record<string, number>;
  /** 방문 예약 they made that day. */
  bookings: number;
  /** Visits made (방문 완료) that day by customers of theirs. */
  visits: number;
  /** Customers of theirs whose status was changed to 계약 that day. */
  contracts: number;
};
export type TeamPerformanceRow = TeamPerformanceCounts & { day: string; email: string; name: string };
export type TeamPerformanceReport = {
  range: StatsRange;
  /** The call results, as marketing lists them (then any other result recorded in the range). */
  results: string[];
  rows: TeamPerformanceRow[];
  totals: TeamPerformanceCounts;
};

export const teamPerformanceLabels = {
  heading: '상담사별 실적',
  intro:
    '상담사마다 하루 동안 배정받은 고객, 기록한 통화(결과별), 잡은 방문 예약, 담당 고객의 방문(방문 완료), 계약(상태를 계약으로 바꾼 고객)을 셉니다. 방문과 계약은 담당 상담사 기준이고, 일자는 한국 시간입니다.',
  caption: (from: string, to: string) => (from === to ? `상담사별 실적 (${from})` : `상담사별 실적 (${from} ~ ${to})`),
  // Named apart from the page's own period above, for whoever hears the fields by their names.
  from: '실적 시작일',
  to: '실적 종료일',
  show: '실적 조회',
  day: '일자',
  staff: '상담사',
  email: '이메일',
  assigned: '배정',
  calls: '통화',
  bookings: '방문 예약',
  visits: '방문',
  contracts: '계약',
  total: '합계',
  empty: '이 기간에 실적이 없습니다.',
  exportCsv: '실적 CSV 내려받기',
  exportNote: (from: string, to: string) => `${from === to ? from : `${from} ~ ${to}`}의 상담사별 실적을 내려받습니다. 사유와 함께 접속 기록에 남습니다.`,
};
