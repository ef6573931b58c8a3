/**
 * The facts kept on a customer's row, as its other rows have them: whether its 담당자 has yet to
 * call it since it was given to them (`awaiting_call`), its latest call and the 재통화 that call
 * agreed, and how far down the funnel it came (`funnel_step`). Each is one SQL expression over the
 * customer's calls, assignments and bookings; apart from the tallies (customer-tallies.ts), whose
 * retallyCustomer writes them with every change of a customer and counts customers by them, and
 * from 오늘 할 일, which reads assignedAtOf too.
 */
import { sql, type Expression, type ExpressionBuilder, type SqlBool, type Transaction } from 'kysely';
import type { SalesTables } from '../database/tables';

type Customers = ExpressionBuilder<SalesTables, 'customers'>;

/** When the customer was given to its 담당자 (their latest assignment), or first registered when none is recorded. */
export function assignedAtOf(eb: Customers) {
  return eb.fn.coalesce(
    eb
      .selectFrom('assignments')
      .select((max) => max.fn.max('assignments.at').as('at'))
      .whereRef('assignments.customer_id', '=', 'customers.id')
      .whereRef('assignments.assignee_email', '=', 'customers.assignee_email'),
    eb.ref('customers.first_registered_at'),
  );
}

/** The facts as the rows have them, for the customer row being read or updated. */
export function factsOf(eb: Customers) {
  const calls = eb.selectFrom('calls').whereRef('calls.customer_id', '=', 'customers.id');
  return {
    awaiting_call: eb
      .case()
      .when(
        eb.and([
          eb('customers.assignee_email', 'is not', null),
          eb.not(eb.exists(calls.select(sql.lit(1).as('one')).where('calls.at', '>=', assignedAtOf(eb)))),
        ]),
      )
      .then(1)
      .else(0)
      .end(),
    last_call_at: calls.select((max) => max.fn.max('calls.at').as('at')),
    callback_at: calls.select('calls.callback_at').orderBy('calls.at', 'desc').orderBy('calls.id', 'desc').limit(1),
    funnel_step: eb
      .case()
      .when('customers.status', '=', 'contracted')
      .then(2)
      .when(
        eb.or([
          eb('customers.status', '=', 'visited'),
          eb.exists(
            eb
              .selectFrom('bookings')
              .select(sql.lit(1).as('one'))
              .whereRef('bookings.customer_id', '=', 'customers.id')
              .where('bookings.status', '=', 'checkedIn'),
          ),
        ]),
      )
      .then(1)
      .else(0)
      .end(),
  };
}

/** Sets `awaiting_call` from the rows for the customers `where` picks (a hand-over of many). */
export async function refreshAwaitingCall(trx: Transaction<SalesTables>, where: (eb: Customers) => Expression<SqlBool>): Promise<void> {
  await trx
    .updateTable('customers')
    .set((eb) => ({ awaiting_call: factsOf(eb).awaiting_call }))
    .where(where)
    .execute();
}
