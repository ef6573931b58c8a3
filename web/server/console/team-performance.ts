/**
 * 상담사별 실적: per staff member and Seoul day, each number from its one definition
 * (customers/staff-numbers.ts): 배정, 통화 by result, 방문 예약 made, 방문 (their customers' visits made)
 * and 계약. Every active 상담사 has a row for each day of the range, zeros included (a day without
 * work shows); anyone else (a 팀장 who booked a visit, an account since disabled) has one for a day
 * they counted something.
 */
import type { StatsRange } from '../../shared/campaign-stats';
import { eachDay } from '../../shared/seoul-time';
import {
  teamPerformanceLabels as labels,
  type TeamPerformanceCounts,
  type TeamPerformanceReport,
  type TeamPerformanceRow,
} from '../../shared/team-performance';
import type { StaffDirectory } from '../auth/staff-accounts';
import type { SalesDatabase } from '../database/index';
import {
  assignedByStaffAndDay,
  bookingsMadeByStaffAndDay,
  callsByStaffAndDay,
  contractsByAssigneeAndDay,
  visitsMadeByAssigneeAndDay,
} from '../customers/staff-numbers';
import { BOM, csvLine } from '../csv';

export type { TeamPerformanceReport } from '../../shared/team-performance';
export type TeamPerformance = { read(range: StatsRange): Promise<TeamPerformanceReport> };

const zero = (results: readonly string[]): TeamPerformanceCounts => ({
  assigned: 0,
  calls: 0,
  callsByResult: Object.fromEntries(results.map((result) => [result, 0])),
  bookings: 0,
  visits: 0,
  contracts: 0,
});

export function teamPerformanceOf(sources: {
  sales: SalesDatabase;
  staff: Pick<StaffDirectory, 'list'>;
  callResults: () => Promise<string[]>;
}): TeamPerformance {
  return {
    async read(range) {
      const { sales } = sources;
      const [accounts, listed, assigned, calls, bookings, visits, contracts] = await Promise.all([
        sources.staff.list(),
        sources.callResults(),
        assignedByStaffAndDay(sales, range),
        callsByStaffAndDay(sales, range),
        bookingsMadeByStaffAndDay(sales, range),
        visitsMadeByAssigneeAndDay(sales, range),
        contractsByAssigneeAndDay(sales, range),
      ]);
      const results = [...new Set([...listed, ...calls.map((call) => call.result)])];
      const names = new Map(accounts.map((account) => [account.email, account.name]));
      const rows = new Map<string, TeamPerformanceRow>();
      const rowOf = (day: string, email: string) => {
        const key = `${day} ${email}`;
        let row = rows.get(key);
        if (!row) rows.set(key, (row = { day, email, name: names.get(email) ?? email, ...zero(results) }));
        return row;
      };
      for (const day of eachDay(range.from, range.to))
        for (const account of accounts) if (account.role === 'sales' && !account.disabled) rowOf(day, account.email);
      for (const count of assigned) rowOf(count.day, count.email).assigned += count.count;
      for (const call of calls) {
        const row = rowOf(call.day, call.email);
        row.calls += call.count;
        row.callsByResult[call.result] += call.count;
      }
      for (const count of bookings) rowOf(count.day, count.email).bookings += count.count;
      for (const count of visits) rowOf(count.day, count.email).visits += count.count;
      for (const count of contracts) rowOf(count.day, count.email).contracts += count.count;
      const sorted = [...rows.values()].sort((a, b) =>
        a.day < b.day ? -1 : a.day > b.day ? 1 : a.name.localeCompare(b.name, 'ko') || (a.email < b.email ? -1 : 1),
      );
      const totals = zero(results);
      for (const row of sorted) {
        for (const field of ['assigned', 'calls', 'bookings', 'visits', 'contracts'] as const) totals[field] += row[field];
        for (const result of results) totals.callsByResult[result] += row.callsByResult[result];
      }
      return { range, results, rows: sorted, totals };
    },
  };
}

/** The table's cells after 일자 and 상담사, in the page's order. */
export function teamPerformanceCells(counts: TeamPerformanceCounts, results: readonly string[]): number[] {
  return [counts.assigned, counts.calls, ...results.map((result) => counts.callsByResult[result] ?? 0), counts.bookings, counts.visits, counts.contracts];
}

export function teamPerformanceHeader(results: readonly string[]): string[] {
  return [labels.assigned, labels.calls, ...results, labels.bookings, labels.visits, labels.contracts];
}

/** The table as CSV (the one CSV writer: BOM, every cell quoted and inert), with the range's 합계 last. */
export function teamPerformanceCsv(report: TeamPerformanceReport): string {
  const { range, results } = report;
  return (
    BOM +
    csvLine([labels.day, labels.staff, labels.email, ...teamPerformanceHeader(results)]) +
    report.rows.map((row) => csvLine([row.day, row.name, row.email, ...teamPerformanceCells(row, results).map(String)])).join('') +
    csvLine([`${range.from} ~ ${range.to}`, labels.total, '', ...teamPerformanceCells(report.totals, results).map(String)])
  );
}
