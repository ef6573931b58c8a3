/**
 * The audit trail as a person reads it: a customer named by a masked name (김*수), and a lead's
 * change written as "상태 신규 → 연락 중, 담당자 없음 → 김상담" when it is recorded (older records,
 * "status=contacting, assignee=…", are read back the same way).
 */
import type { AuditAction } from './audit-actions';
import { isLeadStatus, LEAD_STATUS_LABELS, type LeadStatus } from './lead-status';

/** 김민수 → 김*수, 이준 → 이*, 남궁민수 → 남**수: enough to tell records apart, not to identify. */
export function maskName(name: string): string {
  const letters = [...name.trim()];
  if (letters.length === 0) return '';
  if (letters.length <= 2) return `${letters[0]}*`;
  return `${letters[0]}${'*'.repeat(letters.length - 2)}${letters[letters.length - 1]}`;
}

const NOBODY = '없음';

type ChangeSide = { status: LeadStatus; assigneeName: string | null };

/** A status/assignee change as recorded: each part asked for, from what the lead held to what it holds. */
export function leadChangeDetail(before: ChangeSide, after: Partial<ChangeSide>): string {
  const parts: string[] = [];
  if (after.status !== undefined) parts.push(`상태 ${LEAD_STATUS_LABELS[before.status]} → ${LEAD_STATUS_LABELS[after.status]}`);
  if (after.assigneeName !== undefined) parts.push(`담당자 ${before.assigneeName ?? NOBODY} → ${after.assigneeName ?? NOBODY}`);
  return parts.join(', ');
}

/** What a record says, readable: older machine-written details in words, the rest as recorded. */
export function readableAuditDetail(action: AuditAction, detail: string | null): string {
  if (!detail) return action === 'leadMemo' ? '메모 추가' : '';
  if (action === 'leadMemo') return `메모 추가 (${detail})`;
  if (action === 'leadCall') return `통화 결과: ${detail}`;
  if (action !== 'leadChange' || !/^(status|assignee)=/.test(detail)) return detail;
  return detail
    .split(', ')
    .map((part) => {
      const [key, value = ''] = part.split('=');
      if (key === 'status') return `상태 → ${isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : value}`;
      if (key === 'assignee') return `담당자 → ${value}`;
      return part;
    })
    .join(', ');
}
