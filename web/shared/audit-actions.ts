/** The audit trail's actions with their Korean labels, which of them a 팀장 reads, and one record. */

export const AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signOut',
  'leadView',
  'phoneReveal',
  'phoneSearch',
  'leadChange',
  'leadDistribute',
  'groupMessage',
  'leadHandOver',
  'assignmentSettings',
  'leadMemo',
  'leadProfile',
  'leadCall',
  'visitCheckIn',
  'visitCheckInUndo',
  'visitBook',
  'visitMove',
  'visitCancel',
  'deskRegister',
  'slotCreate',
  'slotChange',
  'slotDelete',
  'leadExport',
  'statsExport',
  'teamStatsExport',
  'adSpend',
  'accountCreate',
  'accountDisable',
  'accountEnable',
  'accountReset',
  'accountRole',
  'accountMobile',
  'auditView',
  'auditExport',
  'purge',
  'customerDelete',
  'consentWithdraw',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  signIn: '로그인',
  signInFailed: '로그인 실패',
  signOut: '로그아웃',
  leadView: '고객 정보 열람',
  phoneReveal: '연락처 전체 보기',
  phoneSearch: '전화번호로 고객 찾기',
  leadChange: '상태·담당자 변경',
  leadDistribute: '균등 배분',
  groupMessage: '단체 문자 발송',
  leadHandOver: '퇴사자 고객 넘기기',
  assignmentSettings: '자동 배정 설정 변경',
  leadMemo: '메모 작성',
  leadProfile: '관심 타입·청약 자격·자금 계획 변경',
  leadCall: '통화 결과 기록',
  visitCheckIn: '방문 확인',
  visitCheckInUndo: '방문 확인 취소',
  visitBook: '방문 예약',
  visitMove: '방문 예약 변경',
  visitCancel: '방문 예약 취소',
  deskRegister: '현장 등록',
  slotCreate: '방문 일정 추가',
  slotChange: '방문 일정 수정',
  slotDelete: '방문 일정 삭제',
  leadExport: '고객 목록 내려받기',
  statsExport: '통계 내려받기',
  teamStatsExport: '상담사별 실적 내려받기',
  adSpend: '광고비 변경',
  accountCreate: '계정 추가',
  accountDisable: '계정 사용 중지',
  accountEnable: '계정 다시 사용',
  accountReset: '비밀번호 재설정',
  accountRole: '역할 변경',
  accountMobile: '휴대폰 번호 변경',
  auditView: '접속 기록 열람',
  auditExport: '접속 기록 내려받기',
  purge: '보관 기간 지난 정보 삭제',
  customerDelete: '고객 요청으로 정보 삭제',
  consentWithdraw: '마케팅 수신 동의 철회',
};

/**
 * The 팀장's part of the audit trail: every record about a customer (whoever made it), and the
 * sales team's own actions when a 상담사 or 팀장 made them. Listed, not excluded, so that an
 * action added later stays the admin's until it is put here. Account administration, the purge
 * and what the admin alone does that is about no customer are not the team's.
 */
export const AUDIT_TEAM_SCOPE: { customer: readonly AuditAction[]; team: readonly AuditAction[] } = {
  customer: [
    'leadView',
    'phoneReveal',
    'phoneSearch',
    'leadChange',
    'leadDistribute',
    'leadHandOver',
    'leadMemo',
    'leadProfile',
    'leadCall',
    'visitCheckIn',
    'visitCheckInUndo',
    'visitBook',
    'visitMove',
    'visitCancel',
    'deskRegister',
    'leadExport',
    'customerDelete',
    'consentWithdraw',
    'groupMessage',
  ],
  team: [
    'signIn',
    'signOut',
    'slotCreate',
    'slotChange',
    'slotDelete',
    'statsExport',
    'teamStatsExport',
    'adSpend',
    'assignmentSettings',
    'auditView',
    'auditExport',
  ],
};

/** One line of the audit trail. `actor` is the staff email (or the email tried, on a failed sign-in). */
export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  /** What it was about: a lead id, an account email, … */
  target: string | null;
  /** Filters of an export and its row count, the status set, … (short, no phone numbers). */
  detail: string | null;
  ip: string;
};
