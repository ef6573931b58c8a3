/**
 * Who a group message (단체 문자) goes to, decided in SQL: the customers an audience names (ticked
 * on the lead list, every customer of the list's filters, or today's booked visitors), the one rule
 * of which of them may be sent a purpose's message, and how the audience is named on record. Apart
 * from group-messages.ts, which checks, previews and queues a send: the preview's counts and the
 * send's insert both read these expressions, so they cannot disagree.
 */
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { leadFiltersToParams } from '../../shared/lead-filters';
import { GROUP_EXCLUSIONS, type GroupAudience, type GroupExclusion, type GroupPurpose } from '../../shared/group-messages';
import { seoulDay } from '../../shared/seoul-time';
import type { SalesTables } from '../database/tables';
import { customerMatches } from '../customers/customer-filters';
import { leadFilterParams } from '../customers/lead-query';

const MOBILE_PREFIXES = ['010', '011', '016', '017', '018', '019'];

type CustomersBuilder = ExpressionBuilder<SalesTables, 'customers'>;

/**
 * Why a customer is not sent a `purpose` message, '' when they are: the one rule of who may be
 * sent what, in SQL, read by the preview's counts and by the send's insert alike.
 */
export function exclusionOf(eb: CustomersBuilder, purpose: GroupPurpose): RawBuilder<string> {
  const reasons: Record<GroupExclusion, Expression<SqlBool>> = {
    invalid: eb('customers.status', '=', 'invalid'),
    noConsent: eb.not(
      eb.exists(
        eb
          .selectFrom('registrations')
          .select(sql.lit(1).as('one'))
          .whereRef('registrations.customer_id', '=', 'customers.id')
          .where('registrations.agreed_at', 'is not', null),
      ),
    ),
    noMarketingConsent: purpose === 'ad' ? eb('customers.marketing_consent', '<>', 1) : sql<SqlBool>`1 = 0`,
    badNumber: eb.or([
      eb(eb.fn('substr', ['customers.phone', eb.val(1), eb.val(3)]), 'not in', MOBILE_PREFIXES),
      eb(eb.fn('length', ['customers.phone']), 'not in', [10, 11]),
    ]),
  };
  return sql<string>`CASE ${sql.join(
    GROUP_EXCLUSIONS.map((reason) => sql`WHEN ${reasons[reason]} THEN ${sql.lit(reason)}`),
    sql` `,
  )} ELSE '' END`;
}

/** The customers `audience` names. A 팀장 and a 관리자 see every customer, so no view limits it. */
export function chosenCustomers(eb: CustomersBuilder, audience: GroupAudience, actorEmail: string, now: number): Expression<SqlBool> {
  if (audience.kind === 'selection') return eb('customers.id', 'in', audience.customerIds.length ? [...new Set(audience.customerIds)] : ['']);
  if (audience.kind === 'filter') return customerMatches(eb, leadFilterParams(audience.filters, actorEmail, null));
  const today = seoulDay(now);
  return eb(
    'customers.id',
    'in',
    eb
      .selectFrom('bookings')
      .select('bookings.customer_id')
      .where('bookings.status', '=', 'booked')
      .where('bookings.visit_at', '>=', `${today} 00:00`)
      .where('bookings.visit_at', '<=', `${today} 23:59`),
  );
}

/** Who was chosen, as the audit record and the send's row say it (a searched number masked). */
export function audienceLabel(audience: GroupAudience): string {
  if (audience.kind === 'selection') return `선택한 고객 ${new Set(audience.customerIds).size}명`;
  if (audience.kind === 'todayVisitors') return '오늘 방문 예약자';
  const { q, ...rest } = audience.filters;
  const conditions = leadFiltersToParams(q ? { ...rest, q: q.replace(/\d/g, '*') } : rest).toString();
  return conditions ? `조건: ${conditions}` : '조건: 전체';
}
