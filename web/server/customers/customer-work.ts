/**
 * What the sales team does to a customer — status and 담당자, memos, call results, booking,
 * moving and cancelling a visit, checking a visitor in — each one transaction of the customer
 * tables with its audit record: a change that cannot be recorded does not happen, and a refused
 * one leaves nothing. A change names the customer's version the staff member saw; a stale one is
 * refused with nothing written (the page shows what is there now). The 알림톡 a change causes (to
 * the 담당자: a customer given to them, a visit booked or moved; to the customer: their visit
 * booked, moved or cancelled) are queued in the same transaction, and so is the row of a status
 * the work changed (status_changes, for 상담사별 실적). That transaction is
 * ./customer-work-transaction.ts; who may open or reassign a customer, ./customer-permissions.ts.
 */
import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { leadChangeDetail } from '../../shared/audit-readable';
import type { LeadStatus } from '../../shared/lead-status';
import { mayUndoCheckIn } from '../../shared/staff-roles';
import { seoulDay } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import type { SalesTables } from '../database/tables';
import { comingVisit, givePlaceBack, moveStatusForward, takePlace, visitAtOf } from './visit-place';
import { staffLabel } from './audit-record';
import { latestCheckIn, reopenCheckIn } from './check-ins';
import { mayReassign } from './customer-permissions';
import { Refused, runCustomerWork, type Done, type MayAct, type WorkPlan } from './customer-work-transaction';
import { handOverCustomers } from './hand-over';
import type { Assignee } from './registration-types';
import type { CustomerProfile } from '../../shared/customer-profile';

/**
 * Who acts, from where, and what the assignment settings let them do (read before the
 * transaction: settings, not data). `visibleTo`: whose customers a 상담사 is limited to (null: all).
 */
export type CustomerActor = {
  email: string;
  name: string;
  role: 'admin' | 'manager' | 'sales';
  ip: string;
  visibleTo: string | null;
  /** A 상담사 may take a colleague's customer for themselves. */
  takesColleagues: boolean;
};

export type WorkRefusal = 'notFound' | 'notYours' | 'conflict' | 'invalid' | 'forbidden' | 'notToday' | 'slotFull' | 'slotMissing' | 'sameSlot' | 'notBooked';
export type WorkResult = { ok: true; version: number } | { ok: false; error: WorkRefusal };

const STATUSES_BEFORE_VISIT: ReadonlySet<LeadStatus> = new Set(['new', 'contacting', 'consulted', 'visitBooked']);

export class CustomerWork {
  private readonly now: () => number;

  constructor(
    private readonly sales: SalesDatabase,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
  }

  /** Status and/or 담당자 (`assignee`: undefined keeps, null is 미배정). Records `leadChange`. */
  change(customerId: string, change: { version: number; status?: LeadStatus; assignee?: Assignee | null }, actor: CustomerActor): Promise<WorkResult> {
    if (change.status === undefined && change.assignee === undefined) return Promise.resolve({ ok: false, error: 'invalid' });
    return this.work(customerId, change.version, actor, async (trx, customer) => {
      const { status, assignee } = change;
      if (assignee !== undefined && !mayReassign(customer, assignee, actor)) throw new Refused('notYours');
      const checkedIn = await latestCheckIn(trx, customerId);
      // A status from before the visit takes the check-in back, which only a manager may do.
      if (status && checkedIn && STATUSES_BEFORE_VISIT.has(status)) {
        if (!mayUndoCheckIn(actor.role)) throw new Refused('forbidden');
        await reopenCheckIn(trx, customerId, checkedIn.id, this.today());
      }
      // 무효 gives the place of a coming visit back; the visit's time stays on record, released.
      if (status === 'invalid') {
        const coming = await comingVisit(trx, customerId, this.today());
        if (coming) {
          await trx.updateTable('bookings').set({ status: 'released' }).where('id', '=', coming.id).execute();
          if (coming.slotId) await givePlaceBack(trx, coming.slotId);
        }
      }
      if (assignee !== undefined && assignee?.email !== (customer.assignee_email ?? undefined)) await this.assignIn(trx, customerId, assignee, actor.email);
      await trx
        .updateTable('customers')
        .set({
          ...(status ? { status } : {}),
          ...(assignee !== undefined ? { assignee_email: assignee?.email ?? null, assignee_name: assignee?.name ?? null } : {}),
        })
        .where('id', '=', customerId)
        .execute();
      const detail = leadChangeDetail(
        {
          status: customer.status,
          assigneeName: customer.assignee_email ? staffLabel({ email: customer.assignee_email, name: customer.assignee_name }) : null,
        },
        { status, assigneeName: assignee === undefined ? undefined : assignee && staffLabel(assignee) },
      );
      const given = assignee && assignee.email !== customer.assignee_email ? assignee.email : null;
      return { action: 'leadChange', detail, ...(given ? { tellStaff: { event: 'staffNewLead' as const, email: given } } : {}) };
    });
  }

  /** The customer's 관심 타입, 청약 자격 and 자금 계획 as chosen (checked by the caller). Records `leadProfile` with `detail`. */
  setProfile(customerId: string, change: { version: number; profile: CustomerProfile; detail: string }, actor: CustomerActor): Promise<WorkResult> {
    return this.work(customerId, change.version, actor, async (trx) => {
      const { interestType, subscription, funding } = change.profile;
      await trx.updateTable('customers').set({ interest_type: interestType, subscription, funding_plan: funding }).where('id', '=', customerId).execute();
      return { action: 'leadProfile', detail: change.detail };
    });
  }

  /** Appends a memo: never refused for a change made meanwhile, and it changes nobody's version. Records `leadMemo`. */
  async addMemo(customerId: string, text: string, actor: CustomerActor): Promise<WorkResult> {
    return this.work(customerId, null, actor, async (trx) => {
      await trx
        .insertInto('memos')
        .values({ id: randomUUID(), customer_id: customerId, at: this.iso(), text, author_email: actor.email, author_name: actor.name })
        .execute();
      return { action: 'leadMemo', detail: `${text.length}자`, keepsVersion: true };
    });
  }

  /**
   * A call's result and the agreed 재통화 time (ISO, or null); the first call moves 신규 to 연락 중
   * (named in the record). Records `leadCall`.
   */
  recordCall(
    customerId: string,
    call: { version: number; result: string; callbackAt: string | null; callbackLabel?: string },
    actor: CustomerActor,
  ): Promise<WorkResult> {
    return this.work(customerId, call.version, actor, async (trx, customer) => {
      await trx
        .insertInto('calls')
        .values({
          id: randomUUID(),
          customer_id: customerId,
          at: this.iso(),
          result: call.result,
          callback_at: call.callbackAt,
          author_email: actor.email,
          author_name: actor.name,
        })
        .execute();
      const contacted = await moveStatusForward(trx, customerId, 'contacting');
      const parts = [
        call.result,
        call.callbackAt ? `재통화 ${call.callbackLabel ?? call.callbackAt}` : null,
        contacted ? leadChangeDetail({ status: customer.status, assigneeName: null }, { status: 'contacting' }) : null,
      ];
      return { action: 'leadCall', detail: parts.filter(Boolean).join(', ') };
    });
  }

  /**
   * Books the customer's visit in `slotId`, or moves their coming one there (its place given back
   * in the same transaction). Records `visitBook` or `visitMove`.
   */
  book(customerId: string, version: number, slotId: string, actor: CustomerActor): Promise<WorkResult> {
    return this.work(customerId, version, actor, async (trx, customer) => {
      const today = this.today();
      const coming = await comingVisit(trx, customerId, today);
      if (coming?.slotId === slotId) throw new Refused('sameSlot');
      const place = await takePlace(trx, slotId, today);
      if ('refused' in place) throw new Refused(place.refused);
      const visitAt = visitAtOf(place.taken);
      if (coming) {
        await trx.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', coming.id).execute();
        if (coming.slotId) await givePlaceBack(trx, coming.slotId);
      }
      const bookingId = randomUUID();
      await trx
        .insertInto('bookings')
        .values({
          id: bookingId,
          customer_id: customerId,
          registration_id: null,
          slot_id: slotId,
          visit_at: visitAt,
          kind: 'console',
          status: 'booked',
          checked_in_at: null,
          created_at: this.iso(),
          created_by: actor.email,
        })
        .execute();
      await moveStatusForward(trx, customerId, 'visitBooked');
      const done: Done = coming
        ? { action: 'visitMove', detail: `${coming.visitAt} → ${visitAt}`, tellCustomer: { event: 'bookingChange', bookingId } }
        : { action: 'visitBook', detail: visitAt, tellCustomer: { event: 'booking', bookingId } };
      return customer.assignee_email ? { ...done, tellStaff: { event: 'staffBooking', email: customer.assignee_email } } : done;
    });
  }

  /** Cancels the coming visit: its place goes back to the slot. Records `visitCancel`. */
  cancelVisit(customerId: string, version: number, actor: CustomerActor): Promise<WorkResult> {
    return this.work(customerId, version, actor, async (trx, customer) => {
      const coming = await comingVisit(trx, customerId, this.today());
      if (!coming) throw new Refused('notBooked');
      await trx.updateTable('bookings').set({ status: 'cancelled' }).where('id', '=', coming.id).execute();
      if (coming.slotId) await givePlaceBack(trx, coming.slotId);
      if (customer.status === 'visitBooked') await trx.updateTable('customers').set({ status: 'contacting' }).where('id', '=', customerId).execute();
      return { action: 'visitCancel', detail: coming.visitAt, tellCustomer: { event: 'bookingCancel', bookingId: coming.id } };
    });
  }

  /**
   * 방문 완료 for today's visit (Seoul), not before and not after. The desk checks in anyone on
   * the day's sheet, a colleague's visitor too. Records `visitCheckIn`.
   */
  checkIn(customerId: string, version: number, actor: CustomerActor): Promise<WorkResult> {
    const today = this.today();
    return this.work(
      customerId,
      version,
      actor,
      async (trx) => {
        const coming = await comingVisit(trx, customerId, today);
        if (!coming) throw new Refused('invalid');
        if (!coming.visitAt.startsWith(`${today} `)) throw new Refused('notToday');
        await trx.updateTable('bookings').set({ status: 'checkedIn', checked_in_at: this.iso() }).where('id', '=', coming.id).execute();
        await trx.updateTable('customers').set({ status: 'visited' }).where('id', '=', customerId).execute();
        return { action: 'visitCheckIn', detail: null };
      },
      // On the day's sheet: booked for today, or checked in already (a second desk is told it is stale).
      async (trx) =>
        Boolean(
          await trx
            .selectFrom('bookings')
            .select('id')
            .where('customer_id', '=', customerId)
            .where('status', 'in', ['booked', 'checkedIn'])
            .where('visit_at', 'like', `${today} %`)
            .executeTakeFirst(),
        ),
    );
  }

  /** Takes the latest check-in back (방문 예약 again): a manager's. Records `visitCheckInUndo`. */
  undoCheckIn(customerId: string, version: number, actor: CustomerActor): Promise<WorkResult> {
    if (!mayUndoCheckIn(actor.role)) return Promise.resolve({ ok: false, error: 'forbidden' });
    return this.work(customerId, version, actor, async (trx) => {
      const checkedIn = await latestCheckIn(trx, customerId);
      if (!checkedIn) throw new Refused('invalid');
      await reopenCheckIn(trx, customerId, checkedIn.id, this.today());
      await trx.updateTable('customers').set({ status: 'visitBooked' }).where('id', '=', customerId).execute();
      return { action: 'visitCheckInUndo', detail: null };
    });
  }

  /**
   * Every customer of `fromEmail` (a leaving colleague's) to `to` or 미배정 in one transaction
   * (./hand-over.ts). Returns how many.
   */
  handOver(fromEmail: string, to: Assignee | null, actor: CustomerActor): Promise<number> {
    return handOverCustomers(this.sales, fromEmail, to, actor, this.now);
  }

  /** One piece of work on a customer, in one transaction with its audit record and messages (./customer-work-transaction.ts). */
  private work(customerId: string, version: number | null, actor: CustomerActor, plan: WorkPlan, mayAct?: MayAct): Promise<WorkResult> {
    return runCustomerWork(this.sales, this.now, customerId, version, actor, plan, mayAct);
  }

  private async assignIn(trx: Transaction<SalesTables>, customerId: string, assignee: Assignee | null, by: string): Promise<void> {
    await trx
      .insertInto('assignments')
      .values({
        id: randomUUID(),
        customer_id: customerId,
        at: this.iso(),
        assignee_email: assignee?.email ?? null,
        assignee_name: assignee?.name ?? null,
        by_email: by,
      })
      .execute();
  }

  private today(): string {
    return seoulDay(this.now());
  }

  private iso(): string {
    return new Date(this.now()).toISOString();
  }
}
