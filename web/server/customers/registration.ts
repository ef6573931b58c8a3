/**
 * A form sent (a site form, a delayed one from the outbox, the desk's 현장 등록 or phone-in) stored
 * as a registration of its customer, in one transaction: the customer (one per phone) is created or
 * joined, the registration added, and a visit booked when one was asked for. A returning customer
 * keeps their 담당자, status, memos, calls and coming visit. What it is given and answers is in
 * registration-types.ts, the messages it queues with it in registration-messages.ts.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Insertable, type Transaction } from 'kysely';
import { campaignKey } from '../../shared/campaign-stats';
import { seoulDateTime } from '../../shared/seoul-time';
import type { SalesDatabase } from '../database/index';
import type { GroupCounters } from '../database/group-commit';
import type { BatchedStatement, GroupStatements } from '../database/group-statements';
import type { SalesTables } from '../database/tables';
import { recordAuditInGroup } from './audit-record';
import { tallyRegistration } from './registration-tallies';
import { retallyCustomer, tallyNewCustomer, type StoredRegistration } from './customer-tallies';
import { firstSources, withSource } from './customer-sources';
import { comingVisit, moveStatusForward, takePlace, visitAtOf } from './visit-place';
import { queueBookedVisitMessage } from './visit-messages';
import { queueRegistrationMessages } from './registration-messages';
import type { Assignee, NewRegistration, RegistrationOptions, RegistrationOutcome, VisitRequest } from './registration-types';

/** The registration as customer-tallies reads it from its row. */
const storedOf = (registration: NewRegistration): StoredRegistration => ({
  id: registration.id,
  created_at: registration.createdAt,
  form_kind: registration.formKind,
  utm_source: registration.utm?.source ?? null,
  campaign_key: registration.utm?.campaign ? campaignKey(registration.utm.campaign) : null,
  landing_page: registration.landingPage ?? null,
  source_page: registration.sourcePage ?? null,
});

type HeldCustomer = { id: string; phone: string; assignee_email: string | null; assignee_name: string | null };

/**
 * Creates each phone's customer, or (on PostgreSQL) locks the phone's row until the commit: two
 * registrations of one phone at once go one after the other from here, each seeing the other's
 * booking. Answers each phone's customer.
 */
const customersByPhone: BatchedStatement<SalesTables, Insertable<SalesTables['customers']>, HeldCustomer> = {
  name: 'customers',
  keyOf: (row) => row.phone,
  write: async (trx, rows) => {
    const held = await trx
      .insertInto('customers')
      .values(rows)
      .onConflict((conflict) => conflict.column('phone').doUpdateSet({ version: sql`customers.version + 1` }))
      .returning(['id', 'phone', 'assignee_email', 'assignee_name'])
      .execute();
    return new Map(held.map((customer) => [customer.phone, customer]));
  },
};

/** Adds the registrations; answers those it added (a retry's, stored already, is not). */
const newRegistrations: BatchedStatement<SalesTables, Insertable<SalesTables['registrations']>, true> = {
  name: 'registrations',
  keyOf: (row) => row.id,
  write: async (trx, rows) => {
    const added = await trx
      .insertInto('registrations')
      .values(rows)
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .execute();
    return new Map(added.map((row) => [row.id, true as const]));
  },
};

const newAssignments: BatchedStatement<SalesTables, Insertable<SalesTables['assignments']>> = {
  name: 'assignments',
  write: async (trx, rows) => void (await trx.insertInto('assignments').values(rows).execute()),
};

/** Ends the transaction without a trace (a retry's registration is there, a refused slot). */
class Refusal extends Error {
  constructor(readonly outcome: RegistrationOutcome) {
    super(outcome.status);
  }
}

/** Stores `registration` as its customer's, in a transaction it may share with others sent at the same time (group commit). */
export async function register(sales: SalesDatabase, registration: NewRegistration, options: RegistrationOptions): Promise<RegistrationOutcome> {
  try {
    return await sales.inGroupCommit(
      async (trx, counters, statements) => {
        const outcome = await registerIn(trx, registration, options, counters, statements);
        if (outcome.status === 'created') {
          // A customer it created has nothing else to count yet, unless it came in (a walk-in).
          if (outcome.returning || options.walkInAt) await retallyCustomer(trx, sales.dialect, outcome.customerId, registration.id, counters);
          else await tallyNewCustomer(trx, sales.dialect, storedOf(registration), counters);
        }
        if (options.queueMessages && outcome.status === 'created')
          await queueRegistrationMessages(statements, registration.id, outcome, Date.parse(registration.createdAt));
        if (options.tellCustomerOfVisit && outcome.status === 'created' && outcome.visit?.status === 'booked')
          await queueBookedVisitMessage(trx, outcome.customerId, Date.parse(registration.createdAt));
        // The desk's registration is staff work: recorded with it (a retry's, which stores nothing, is not).
        if (options.audit && outcome.status === 'created')
          await recordAuditInGroup(statements, sales.dialect, { ...options.audit, target: outcome.customerId }, Date.parse(registration.createdAt));
        return outcome;
        // A phone's registrations in one group go one after the other (customersByPhone).
      },
      { key: registration.phone },
    );
  } catch (error) {
    if (error instanceof Refusal) return error.outcome;
    throw error;
  }
}

async function registerIn(
  trx: Transaction<SalesTables>,
  registration: NewRegistration,
  options: RegistrationOptions,
  counters: GroupCounters<SalesTables>,
  statements: GroupStatements<SalesTables>,
): Promise<RegistrationOutcome> {
  const marketing = registration.consent.marketing ? 1 : 0;
  const proposedId = `customer-${randomUUID()}`;
  const source = registration.utm?.source ?? null;
  const customer = (await statements.write(customersByPhone, {
    id: proposedId,
    phone: registration.phone,
    name: registration.name,
    assignee_email: options.assignee?.email ?? null,
    assignee_name: options.assignee?.name ?? null,
    // Given to a 담당자 who has not called yet (customer-tallies.ts keeps it after this).
    awaiting_call: options.assignee ? 1 : 0,
    marketing_consent: marketing,
    first_registered_at: registration.createdAt,
    last_registered_at: registration.createdAt,
    updated_at: registration.createdAt,
    utm_sources: firstSources(source),
  }))!;
  const returning = customer.id !== proposedId;
  const held: Assignee | null = customer.assignee_email ? { email: customer.assignee_email, name: customer.assignee_name ?? customer.assignee_email } : null;
  // A new customer, or a returning one nobody works, is given to `options.assignee`.
  const givenNow = options.assignee !== null && (!returning || held === null);
  const assignee = givenNow ? options.assignee : held;
  if (returning) {
    await trx
      .updateTable('customers')
      .set({
        name: registration.name,
        marketing_consent: marketing,
        // A delayed registration (from the outbox) may be older than the customer's latest.
        last_registered_at: sql`CASE WHEN last_registered_at < ${registration.createdAt} THEN ${registration.createdAt} ELSE last_registered_at END`,
        first_registered_at: sql`CASE WHEN first_registered_at > ${registration.createdAt} THEN ${registration.createdAt} ELSE first_registered_at END`,
        updated_at: registration.createdAt,
        ...(source === null ? {} : { utm_sources: withSource(source) }),
        ...(givenNow && assignee ? { assignee_email: assignee.email, assignee_name: assignee.name } : {}),
      })
      .where('id', '=', customer.id)
      .execute();
  }
  if (givenNow && assignee) {
    await statements.write(newAssignments, {
      id: randomUUID(),
      customer_id: customer.id,
      at: registration.createdAt,
      assignee_email: assignee.email,
      assignee_name: assignee.name,
      by_email: null,
    });
  }
  await tallyRegistration(trx, customer.id, registration, returning, counters);
  const inserted = await statements.write(newRegistrations, {
    id: registration.id,
    customer_id: customer.id,
    created_at: registration.createdAt,
    name: registration.name,
    form_kind: registration.formKind,
    message: registration.message ?? null,
    source_page: registration.sourcePage ?? null,
    landing_page: registration.landingPage ?? null,
    utm_source: source,
    utm_medium: registration.utm?.medium ?? null,
    utm_campaign: registration.utm?.campaign ?? null,
    utm_term: registration.utm?.term ?? null,
    utm_content: registration.utm?.content ?? null,
    campaign_key: registration.utm?.campaign ? campaignKey(registration.utm.campaign) : null,
    marketing_consent: marketing,
    notice_version: registration.consent.noticeVersion,
    agreed_at: registration.consent.agreedAt,
    requested_slot_id: options.visit?.slotId ?? null,
    companions: registration.companions ?? null,
  });
  // A retry of a registration stored already (or committed meanwhile on PostgreSQL) leaves no trace.
  if (!inserted) throw new Refusal({ status: 'duplicate' });

  const created = { status: 'created' as const, customerId: customer.id, returning, assignee, assignedNow: givenNow };
  if (options.walkInAt) {
    await trx
      .insertInto('bookings')
      .values({
        id: randomUUID(),
        customer_id: customer.id,
        registration_id: registration.id,
        slot_id: null,
        visit_at: seoulDateTime(options.walkInAt),
        kind: 'walkIn',
        status: 'checkedIn',
        checked_in_at: options.walkInAt,
        created_at: registration.createdAt,
        created_by: null,
      })
      .execute();
    await moveStatusForward(trx, customer.id, 'visited');
    return { ...created, visit: { visitAt: seoulDateTime(options.walkInAt), status: 'booked' } };
  }
  const visit = options.visit;
  if (!visit) return created;
  const coming = await comingVisit(trx, customer.id, options.today);
  // One coming visit per customer: the registration is kept, and answered as any booking (a
  // different answer would tell anyone whether a number has booked); the 담당자 sees it.
  if (coming) return { ...created, visit: { visitAt: coming.visitAt, status: 'alreadyBooked' } };
  const place = await takePlace(trx, visit.slotId, visit.bookableFrom);
  if ('refused' in place) {
    if (visit.whenUnavailable === 'refuse') throw new Refusal({ status: place.refused });
    if (!place.slot) return created;
    await insertBooking(trx, customer.id, registration, visit, null, visitAtOf(place.slot), 'unavailable');
    return { ...created, visit: { visitAt: visitAtOf(place.slot), status: 'unavailable' } };
  }
  const visitAt = visitAtOf(place.taken);
  await insertBooking(trx, customer.id, registration, visit, visit.slotId, visitAt, 'booked');
  await moveStatusForward(trx, customer.id, 'visitBooked');
  return { ...created, visit: { visitAt, status: 'booked' } };
}

function insertBooking(
  trx: Transaction<SalesTables>,
  customerId: string,
  registration: NewRegistration,
  visit: VisitRequest,
  slotId: string | null,
  visitAt: string,
  status: 'booked' | 'unavailable',
) {
  return trx
    .insertInto('bookings')
    .values({
      id: randomUUID(),
      customer_id: customerId,
      registration_id: registration.id,
      slot_id: slotId,
      visit_at: visitAt,
      kind: visit.kind,
      status,
      checked_in_at: null,
      created_at: registration.createdAt,
      created_by: visit.by,
    })
    .execute();
}

/** What registration `id` holds, as a retry of its form is compared with it; null when there is none. */
export async function registrationContent(
  sales: SalesDatabase,
  id: string,
): Promise<{ name: string; phone: string; message: string | null; formKind: string; visitSlotId: string | null; marketing: boolean } | null> {
  const row = await sales.db
    .selectFrom('registrations')
    .innerJoin('customers', 'customers.id', 'registrations.customer_id')
    .select([
      'registrations.name',
      'customers.phone',
      'registrations.message',
      'registrations.form_kind',
      'registrations.requested_slot_id',
      'registrations.marketing_consent',
    ])
    .where('registrations.id', '=', id)
    .executeTakeFirst();
  return row
    ? {
        name: row.name,
        phone: row.phone,
        message: row.message,
        formKind: row.form_kind,
        visitSlotId: row.requested_slot_id,
        marketing: row.marketing_consent === 1,
      }
    : null;
}
