import { useId } from 'react';
import type { ConsoleDashboard } from '../../../shared/console-dashboard';
import { LEAD_FORM_KIND_LABELS } from '../../../shared/lead-form-kinds';
import { DayChart } from './DayChart';
import { ConsoleTable } from './ConsoleTable';
import { dayLabel } from './console-page';
import './DashboardPanels.css';

export const DASHBOARD_TEXT = {
  title: '대시보드',
  customers: '등록한 고객',
  registrationsOf: (count: number) => `등록 ${count.toLocaleString('ko-KR')}건`,
  visitsToday: '오늘 방문',
  bookings: '방문 예약',
  walkIns: '현장 방문',
  made: '방문 완료',
  today: '오늘',
  last7Days: '최근 7일',
  last30Days: '최근 30일',
  byDay: '최근 30일 일별 등록한 고객',
  byForm: '등록 경로별 고객 (최근 30일)',
  bySource: '유입 매체별 고객 (utm_source, 최근 30일)',
  noSource: '(없음)',
  slotFill: '방문 예약 현황 (앞으로 14일)',
  noSlots: '운영 없음',
  none: '아직 없습니다.',
  kind: '구분',
  count: '고객',
  share: '비율',
  day: '날짜',
  booked: '예약 / 정원',
  fill: '채움률',
  visitsOfDay: '방문 명단 보기',
} as const;

const people = (count: number) => `${count.toLocaleString('ko-KR')}명`;

function share(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 100) : 0;
}

/**
 * A proportion drawn as a bar. SVG geometry, not a `style` width: the strict CSP blocks style
 * attributes in the server's HTML, and this must show without JavaScript.
 */
function ShareBar({ percent }: { percent: number }) {
  return (
    <svg className="share-bar" width="100%" height="8" aria-hidden="true" focusable="false">
      <rect width={`${Math.min(100, percent)}%`} height="8" rx="4" />
    </svg>
  );
}

function Breakdown({ caption, rows }: { caption: string; rows: Array<{ key: string; label: string; count: number }> }) {
  const headingId = useId();
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return (
    <section className="console-panel" aria-labelledby={headingId}>
      <h2 id={headingId} className="console-panel__heading">
        {caption}
      </h2>
      {rows.length === 0 ? (
        <p className="console-panel__empty">{DASHBOARD_TEXT.none}</p>
      ) : (
        <ConsoleTable className="console-table breakdown" columns={[DASHBOARD_TEXT.kind, DASHBOARD_TEXT.count, DASHBOARD_TEXT.share]}>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">{row.label}</th>
              <td className="console-table__number">{people(row.count)}</td>
              <td className="breakdown__share">
                <span>{`${share(row.count, total)}%`}</span>
                <ShareBar percent={share(row.count, total)} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
    </section>
  );
}

function SlotFill({ days }: { days: ConsoleDashboard['slotFill'] }) {
  return (
    <section className="console-panel console-panel--wide" aria-labelledby="panel-slot-fill">
      <h2 id="panel-slot-fill" className="console-panel__heading">
        {DASHBOARD_TEXT.slotFill}
      </h2>
      <ConsoleTable className="console-table slot-fill" columns={[DASHBOARD_TEXT.day, DASHBOARD_TEXT.booked, DASHBOARD_TEXT.fill]}>
        {days.map((day) => (
          <tr key={day.date}>
            <th scope="row">
              <a href={`/admin/visits?date=${day.date}`} aria-label={`${dayLabel(day.date)} ${DASHBOARD_TEXT.visitsOfDay}`}>
                {dayLabel(day.date)}
              </a>
            </th>
            {day.capacity > 0 ? (
              <>
                <td className="console-table__number">{`${day.booked} / ${day.capacity}`}</td>
                <td className="breakdown__share">
                  <span>{`${share(day.booked, day.capacity)}%`}</span>
                  <ShareBar percent={share(day.booked, day.capacity)} />
                </td>
              </>
            ) : (
              <td colSpan={2} className="slot-fill__closed">
                {DASHBOARD_TEXT.noSlots}
              </td>
            )}
          </tr>
        ))}
      </ConsoleTable>
    </section>
  );
}

/**
 * Today at a glance: the customers who registered (고객, one per phone) beside the forms they sent
 * (등록), today's visits, where the customers came from, and how full the coming visits are.
 */
export function DashboardPanels({ dashboard }: { dashboard: ConsoleDashboard }) {
  const { customers, registrations, visitsToday } = dashboard;
  return (
    <div className="dashboard">
      <section className="console-panel console-panel--wide" aria-labelledby="panel-customers">
        <h2 id="panel-customers" className="console-panel__heading">
          {DASHBOARD_TEXT.customers}
        </h2>
        <dl className="stat-tiles">
          {(['today', 'last7Days', 'last30Days'] as const).map((period) => (
            <div key={period} className="stat-tiles__tile">
              <dt>{DASHBOARD_TEXT[period]}</dt>
              <dd>{people(customers[period])}</dd>
              <dd className="stat-tiles__sub">{DASHBOARD_TEXT.registrationsOf(registrations[period])}</dd>
            </div>
          ))}
        </dl>
        <h3 className="console-panel__subheading">{DASHBOARD_TEXT.visitsToday}</h3>
        <dl className="stat-tiles">
          {(['bookings', 'walkIns', 'made'] as const).map((kind) => (
            <div key={kind} className="stat-tiles__tile">
              <dt>{DASHBOARD_TEXT[kind]}</dt>
              <dd>{kind === 'bookings' ? `${visitsToday[kind].toLocaleString('ko-KR')}건` : people(visitsToday[kind])}</dd>
            </div>
          ))}
        </dl>
        <DayChart days={dashboard.byDay} title={DASHBOARD_TEXT.byDay} />
      </section>
      <Breakdown
        caption={DASHBOARD_TEXT.byForm}
        rows={dashboard.byForm.map((row) => ({ key: row.formKind, label: LEAD_FORM_KIND_LABELS[row.formKind], count: row.count }))}
      />
      <Breakdown
        caption={DASHBOARD_TEXT.bySource}
        rows={dashboard.bySource.map((row) => ({ key: row.source ?? '', label: row.source ?? DASHBOARD_TEXT.noSource, count: row.count }))}
      />
      <SlotFill days={dashboard.slotFill} />
    </div>
  );
}
