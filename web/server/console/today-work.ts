/**
 * 오늘 할 일 over the customer tables (customers/today-work-reads.ts todayWork), each customer once
 * per part: the calls due by the end of the Seoul day (overdue ones first), the customers booked to
 * visit that day in time order, the customers given to a 상담사 and not called since (a returning
 * customer's new registration marked), and the 기존 고객 재등록: called before, registered again since.
 */
import { isLeadStatus, type LeadStatus } from '../../shared/lead-status';
import { maskPhone } from '../../shared/phone-format';
import { seoulDay } from '../../shared/seoul-time';
import type { TodayWho, TodayWork } from '../../shared/today-work';
import type { SalesDatabase } from '../database/index';
import { todayWork } from '../customers/today-work-reads';

export type TodayWorkService = { read(who: TodayWho): Promise<TodayWork> };

/** What every row says of its customer: the link, the name, the masked phone, the status and the 담당자. */
const customerOf = (row: { customerId: string; name: string; phone: string; status: string; assigneeName: string | null }) => ({
  id: row.customerId,
  name: row.name,
  maskedPhone: maskPhone(row.phone),
  status: (isLeadStatus(row.status) ? row.status : 'new') satisfies LeadStatus,
  assigneeName: row.assigneeName,
});

export function todayWorkOf(sales: SalesDatabase, now: () => number = Date.now): TodayWorkService {
  return {
    async read(who) {
      const time = now();
      const work = await todayWork(sales, who === 'all' ? null : who.email, seoulDay(time));
      return {
        day: work.day,
        calls: work.callbacks.map((row) => ({
          ...customerOf(row),
          callbackAt: row.callbackAt,
          lastCallResult: row.lastCallResult,
          overdue: Date.parse(row.callbackAt) < time,
        })),
        visits: work.visits.map((row) => ({ ...customerOf(row), time: row.visitAt.slice(11), checkedInAt: row.checkedInAt })),
        newLeads: work.notContacted.map((row) => ({ ...customerOf(row), createdAt: row.lastRegisteredAt, returning: row.returning })),
        returning: work.returning.map((row) => ({
          ...customerOf(row),
          lastCallAt: row.lastCallAt,
          createdAt: row.lastRegisteredAt,
          registrations: row.registrations,
        })),
      };
    },
  };
}
