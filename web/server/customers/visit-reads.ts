/** The visit sheet and the slots as the console reads them from the bookings and visit slots. */
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { BookingStatus, SalesTables } from '../database/tables';

/** The bookings that stand for a visit (to come, made, or passed by): a cancelled or released one does not. */
export const VISIT_STATUSES = ['booked', 'checkedIn', 'missed'] as const satisfies readonly BookingStatus[];

/** A Seoul day's visits: `visit_at` is 'YYYY-MM-DD HH:mm' in Seoul time. */
export function onVisitDay(eb: ExpressionBuilder<SalesTables, 'bookings'>, day: string): Expression<SqlBool> {
  return eb.and([eb('bookings.visit_at', '>=', `${day} 00:00`), eb('bookings.visit_at', '<=', `${day} 23:59`)]);
}

/** A visitor as the visit sheet and 오늘 할 일 show them. */
export type SheetVisitor = {
  bookingId: string;
  customerId: string;
  name: string;
  phone: string;
  status: string;
  assigneeName: string | null;
  visitAt: string;
  bookingStatus: BookingStatus;
  lastMemo: string | null;
  checkedInAt: string | null;
};

function sheetVisitors(sales: SalesDatabase) {
  return sales.db
    .selectFrom('bookings')
    .innerJoin('customers', 'customers.id', 'bookings.customer_id')
    .select((eb) => [
      'bookings.id as bookingId',
      'customers.id as customerId',
      'customers.name',
      'customers.phone',
      'customers.status',
      'customers.assignee_name as assigneeName',
      'bookings.visit_at as visitAt',
      'bookings.status as bookingStatus',
      'bookings.slot_id as slotId',
      eb
        .selectFrom('memos')
        .select('memos.text')
        .whereRef('memos.customer_id', '=', 'customers.id')
        .orderBy('memos.at', 'desc')
        .orderBy('memos.id', 'desc')
        .limit(1)
        .as('lastMemo'),
      'bookings.checked_in_at as checkedInAt',
    ]);
}

export type VisitSheet = {
  slots: Array<{ id: string; time: string; capacity: number; booked: number; visitors: SheetVisitor[] }>;
  /** Who came without a booking, in order of arrival. */
  walkIns: SheetVisitor[];
};

/** A day's (YYYY-MM-DD) slots with their visitors (booked, come, or missed), and its walk-ins. */
export async function visitSheet(sales: SalesDatabase, day: string): Promise<VisitSheet> {
  const [slots, visitors] = await Promise.all([
    sales.db.selectFrom('visit_slots').select(['id', 'time', 'capacity', 'booked']).where('date', '=', day).orderBy('time').orderBy('id').execute(),
    sheetVisitors(sales)
      .select('bookings.kind')
      .where((eb) => onVisitDay(eb, day))
      .where((eb) =>
        eb.or([
          eb('bookings.status', 'in', VISIT_STATUSES).and('bookings.slot_id', 'is not', null),
          eb('bookings.kind', '=', 'walkIn').and('bookings.status', '=', 'checkedIn'),
        ]),
      )
      .orderBy('bookings.visit_at')
      .orderBy('bookings.created_at')
      .orderBy('bookings.id')
      .execute(),
  ]);
  const visitor = ({ slotId: _slotId, kind: _kind, ...row }: (typeof visitors)[number]): SheetVisitor => row;
  return {
    slots: slots.map((slot) => ({ ...slot, visitors: visitors.filter((row) => row.slotId === slot.id).map(visitor) })),
    walkIns: visitors.filter((row) => row.kind === 'walkIn').map(visitor),
  };
}

/** Slots dated `from` (YYYY-MM-DD) or later with a place left, earliest first. */
export async function openSlots(sales: SalesDatabase, from: string, limit = 200) {
  const rows = await sales.db
    .selectFrom('visit_slots')
    .select(['id', 'date', 'time', 'capacity', 'booked'])
    .where('date', '>=', from)
    .where(sql<SqlBool>`booked < capacity`)
    .orderBy('date')
    .orderBy('time')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((slot) => ({ ...slot, placesLeft: slot.capacity - slot.booked }));
}

/** Places and bookings of each day from `from` up to, not including, `until` (YYYY-MM-DD). */
export async function slotFill(
  sales: SalesDatabase,
  from: string,
  until: string,
): Promise<Array<{ date: string; slots: number; capacity: number; booked: number }>> {
  const rows = await sales.db
    .selectFrom('visit_slots')
    .select((eb) => [
      'date',
      eb.fn.countAll().as('slots'),
      eb.fn.sum<number | string>('capacity').as('capacity'),
      eb.fn.sum<number | string>('booked').as('booked'),
    ])
    .where('date', '>=', from)
    .where('date', '<', until)
    .groupBy('date')
    .orderBy('date')
    .execute();
  return rows.map((row) => ({ date: row.date, slots: Number(row.slots), capacity: Number(row.capacity), booked: Number(row.booked) }));
}
