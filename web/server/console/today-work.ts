/**
 * 오늘 할 일 over the leads source, on either store (GROQ, as the campaign statistics read): the
 * calls due by the end of the Seoul day (overdue ones first), the leads booked to visit that day in
 * time order, and the new leads nobody has called yet, the longest waiting first.
 */
import { todayCallsDueQuery, todayNewLeadsQuery, todayVisitsQuery } from '../../sanity/queries';
import { maskPhone } from '../../shared/console';
import { seoulDay, seoulDayStart } from '../../shared/seoul-time';
import type { TodayWho, TodayWork } from '../../shared/today-work';
import type { ContentSource } from '../content/types';

export type TodayWorkService = { read(who: TodayWho): Promise<TodayWork> };

/** What every row says of its lead: the link, the name, the masked phone and the 담당자. */
const leadOf = (lead: { _id: string; name: string | null; phone: string | null; assigneeName: string | null }) => ({
  id: lead._id,
  name: lead.name ?? '',
  maskedPhone: maskPhone(lead.phone ?? ''),
  assigneeName: lead.assigneeName,
});

export function todayWorkOf(leads: ContentSource, now: () => number = Date.now): TodayWorkService {
  return {
    async read(who) {
      const time = now();
      const day = seoulDay(time);
      const assignee = who === 'all' ? null : who.email;
      const [calls, visits, newLeads] = await Promise.all([
        leads.fetch(todayCallsDueQuery, { until: seoulDayStart(day, 1), assignee }),
        leads.fetch(todayVisitsQuery, { day: `${day} `, assignee }),
        leads.fetch(todayNewLeadsQuery, { assignee }),
      ]);
      return {
        day,
        calls: calls.map((lead) => ({
          ...leadOf(lead),
          status: lead.status,
          callbackAt: lead.callbackAt ?? '',
          lastCallResult: lead.lastCallResult,
          overdue: Date.parse(lead.callbackAt ?? '') < time,
        })),
        visits: visits.map((lead) => ({
          ...leadOf(lead),
          status: lead.status,
          time: (lead.visitAt ?? '').slice(11),
          checkedInAt: lead.checkedInAt,
        })),
        newLeads: newLeads.map((lead) => ({ ...leadOf(lead), createdAt: lead.createdAt ?? '' })),
      };
    },
  };
}
