import { useId } from 'react';
import { costLabel } from '../../../shared/ad-spend';
import type { FunnelRow } from '../../../shared/campaign-stats';
import { ConsoleTable } from './ConsoleTable';
import './CampaignStatsTables.css';

export const funnelText = {
  heading: '캠페인별 전환 (등록 → 통화 → 내방 → 계약)',
  note: '고객 수입니다. 등록 고객은 이 기간에 이 캠페인으로 등록한 고객이며, 같은 전화번호는 캠페인마다 한 번만 셉니다. 통화는 통화 결과가 하나 이상 기록된 고객, 내방은 모델하우스 방문(예약 방문이나 현장 방문의 체크인, 또는 방문 완료·계약 상태), 계약은 계약 상태인 고객입니다.',
  label: '캠페인',
  touchNote:
    '첫 유입은 이 기간에 처음으로 등록한 신규 고객 가운데 그 첫 등록이 이 캠페인인 고객, 마지막 유입은 가장 최근 등록이 이 기간에 있고 그 등록이 이 캠페인인 고객입니다. 첫 유입 열을 더하면 이 기간의 신규 고객 수, 마지막 유입 열을 더하면 가장 최근 등록이 이 기간에 있는 고객 수가 됩니다.',
  customers: '등록 고객',
  firstTouch: '첫 유입',
  lastTouch: '마지막 유입',
  called: '통화',
  visited: '내방',
  contracted: '계약',
  empty: '이 기간에 등록한 고객이 없습니다.',
  spend: '광고비',
  costPerCustomer: '고객당 비용',
  costPerVisit: '내방당 비용',
  costNote:
    '광고비는 조회 기간이 걸친 달마다 그달 전체 광고비를 더한 금액입니다(예: 11월 25일~12월 1일이면 11월과 12월 광고비). 고객당 비용은 광고비 ÷ 등록 고객, 내방당 비용은 광고비 ÷ 내방이며, 같은 캠페인 이름(utm_campaign)이 여러 유입 경로로 들어오면 그 이름의 고객 전체로 나눕니다. 광고비나 나눌 고객이 없으면 —로 표시합니다.',
};

const STEPS = ['customers', 'firstTouch', 'lastTouch', 'called', 'visited', 'contracted'] as const;
const COSTS = ['spend', 'costPerCustomer', 'costPerVisit'] as const;
const number = (value: number) => value.toLocaleString('ko-KR');

/** Each campaign's customers at each step, where they came first and last, and what they cost, scrolling sideways in a focusable region on a phone like the other tables. */
export function FunnelTable({ rows }: { rows: readonly FunnelRow[] }) {
  const headingId = useId();
  return (
    <div className="stats-section">
      <h2 id={headingId}>{funnelText.heading}</h2>
      <p>{funnelText.note}</p>
      <p>{funnelText.touchNote}</p>
      <p>{funnelText.costNote}</p>
      {rows.length === 0 ? (
        <p>{funnelText.empty}</p>
      ) : (
        <div className="stats-table" role="region" aria-labelledby={headingId} tabIndex={0}>
          <ConsoleTable columns={[funnelText.label, ...STEPS.map((step) => funnelText[step]), ...COSTS.map((cost) => funnelText[cost])]}>
            {rows.map((row) => (
              <tr key={row.key}>
                <th scope="row">{row.label}</th>
                {STEPS.map((step) => (
                  <td key={step}>{number(row[step])}</td>
                ))}
                {COSTS.map((cost) => (
                  <td key={cost}>{costLabel(row[cost])}</td>
                ))}
              </tr>
            ))}
          </ConsoleTable>
        </div>
      )}
    </div>
  );
}
