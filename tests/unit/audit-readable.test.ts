import { describe, expect, it } from 'vitest';
import { leadChangeDetail, maskName, readableAuditDetail } from '../../web/shared/audit-readable';

describe('the audit trail in words', () => {
  it('masks a customer name but its first and last letters', () => {
    expect(maskName('김민수')).toBe('김*수');
    expect(maskName('남궁민수')).toBe('남**수');
    expect(maskName('이준')).toBe('이*');
    expect(maskName(' 홍 ')).toBe('홍*');
    expect(maskName('')).toBe('');
  });

  it('writes a change from what the lead held to what it holds', () => {
    expect(leadChangeDetail({ status: 'new', assigneeName: null }, { status: 'contacting' })).toBe('상태 신규 → 연락 중');
    expect(leadChangeDetail({ status: 'new', assigneeName: '김상담' }, { status: 'consulted', assigneeName: '이상담' })).toBe(
      '상태 신규 → 상담 완료, 담당자 김상담 → 이상담',
    );
    expect(leadChangeDetail({ status: 'new', assigneeName: '김상담' }, { assigneeName: null })).toBe('담당자 김상담 → 없음');
  });

  it('reads older records and memos and calls in words', () => {
    expect(readableAuditDetail('leadChange', 'status=contacting, assignee=kim@example.com')).toBe('상태 → 연락 중, 담당자 → kim@example.com');
    expect(readableAuditDetail('leadChange', '상태 신규 → 연락 중')).toBe('상태 신규 → 연락 중');
    expect(readableAuditDetail('leadMemo', '12자')).toBe('메모 추가 (12자)');
    expect(readableAuditDetail('leadCall', '부재')).toBe('통화 결과: 부재');
    expect(readableAuditDetail('leadCall', '통화 완료')).toBe('통화 결과: 통화 완료');
    expect(readableAuditDetail('leadView', null)).toBe('');
  });
});
