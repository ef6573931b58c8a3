/** Where a lead stands in the sales process, with its Korean label. */

export const LEAD_STATUSES = ['new', 'contacting', 'consulted', 'visitBooked', 'visited', 'contracted', 'onHold', 'invalid'] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];
export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: '신규',
  contacting: '연락 중',
  consulted: '상담 완료',
  visitBooked: '방문 예약',
  visited: '방문 완료',
  contracted: '계약',
  onHold: '보류',
  invalid: '무효',
};

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === 'string' && (LEAD_STATUSES as readonly string[]).includes(value);
}
