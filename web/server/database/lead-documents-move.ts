/**
 * Leads and visit slots a previous release kept as documents in this same database (leads.sqlite,
 * or PostgreSQL's `documents` table), copied into the customer tables: registrations of one phone
 * merged into one customer, oldest first, so the earliest 담당자 wins; what a person should look at
 * (a second 담당자 or status, a second coming visit) is noted in `customer_merge_notes` for the
 * 팀장. Each copy adds only what the tables lack, so it may run again (after `npm run leads --
 * import-sanity` has brought an old dataset's documents in). The documents stay, no longer read.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { campaignKey } from '../../shared/campaign-stats';
import { LEAD_STATUSES, type LeadStatus } from '../../shared/lead-status';
import { seoulDay } from '../../shared/seoul-time';
import { documentsColumn, type AnyDatabase } from './documents-move';
import type { BookingStatus, SalesTables } from './tables';

/** Leads read and written at a time (the caller's transaction: the migration's): memory holds one page, whatever the total. */
const PAGE = 1000;

/** How far along the funnel each status is: merged registrations keep the furthest. */
const STATUS_RANK: Record<LeadStatus, number> = { new: 0, invalid: 1, onHold: 2, contacting: 3, consulted: 4, visitBooked: 5, visited: 6, contracted: 7 };

/** A lead document's fields, as every release wrote them (each may be missing in an old one). */
type LeadDocument = {
  _id: string;
  name?: string;
  phone?: string;
  message?: string;
  createdAt?: string;
  formKind?: string;
  sourcePage?: string;
  landingPage?: string;
  utm?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content', string>>;
  consent?: { marketing?: boolean; noticeVersion?: string; agreedAt?: string };
  status?: string;
  assignee?: { email?: string; name?: string };
  visitSlot?: { _ref?: string };
  visitAt?: string;
  visitSlotStatus?: string;
  checkedInAt?: string;
  memos?: Array<{ _key?: string; at?: string; text?: string; authorEmail?: string; authorName?: string }>;
  calls?: Array<{ _key?: string; at?: string; result?: string; callbackAt?: string; authorEmail?: string; authorName?: string }>;
};

type PageRow = { id: string; createdAt: string; document: unknown };
type LeadCursor = { createdAt: string; id: string };

/** The next page of lead documents in the order they came in. */
async function leadPage(db: Kysely<SalesTables>, json: 'doc' | 'json', cursor: LeadCursor | null): Promise<PageRow[]> {
  const createdAt = sql`coalesce(${sql.ref(json)} ->> 'createdAt', '')`;
  const { rows } = await sql<PageRow>`
    SELECT id, ${createdAt} AS "createdAt", ${sql.ref(json)} AS document
    FROM documents
    WHERE type = 'lead' ${cursor ? sql`AND (${createdAt}, id) > (${cursor.createdAt}, ${cursor.id})` : sql``}
    ORDER BY ${createdAt}, id
    LIMIT ${PAGE}
  `.execute(db);
  return rows;
}

type MergedCustomer = { id: string; assigneeEmail: string | null; status: LeadStatus; upcoming: boolean };

export async function copyLeadDocuments(database: AnyDatabase, now = Date.now()): Promise<void> {
  const json = await documentsColumn(database);
  if (!json) return;
  const db = database as unknown as Kysely<SalesTables>;
  const field = (name: string) => sql<string | null>`${sql.ref(json)} ->> ${name}`;
  await sql`
    INSERT INTO visit_slots (id, date, time, capacity, booked, created_at)
    SELECT id, ${field('date')}, ${field('time')}, coalesce(CAST(${field('capacity')} AS integer), 0), 0, coalesce(${field('_createdAt')}, '')
    FROM documents
    WHERE type = 'visitSlot' AND ${field('date')} IS NOT NULL AND ${field('time')} IS NOT NULL
    ON CONFLICT (id) DO NOTHING
  `.execute(db);

  const today = seoulDay(now);
  const updatedAt = new Date(now).toISOString();
  let cursor: LeadCursor | null = null;
  for (;;) {
    const rows = await leadPage(db, json, cursor);
    if (rows.length === 0) break;
    const leads = rows.map((row) => ({ ...(typeof row.document === 'string' ? JSON.parse(row.document) : row.document), _id: row.id }) as LeadDocument);
    await copyPage(db, leads, today, updatedAt);
    const last = rows[rows.length - 1];
    cursor = { createdAt: last.createdAt, id: last.id };
  }

  // A slot's count is its bookings' (a place stays taken by a visit that came or was missed).
  const taken = sql<number>`(SELECT count(*) FROM bookings WHERE bookings.slot_id = visit_slots.id AND bookings.status IN ('booked', 'checkedIn', 'missed'))`;
  await sql`UPDATE visit_slots SET capacity = CASE WHEN ${taken} > capacity THEN ${taken} ELSE capacity END`.execute(db);
  await sql`UPDATE visit_slots SET booked = ${taken}`.execute(db);
}

async function copyPage(trx: Kysely<SalesTables>, leads: LeadDocument[], today: string, updatedAt: string): Promise<void> {
  const ids = leads.map((lead) => lead._id);
  const copied = new Set((await trx.selectFrom('registrations').select('id').where('id', 'in', ids).execute()).map((row) => row.id));
  const fresh = leads.filter((lead) => !copied.has(lead._id) && lead.phone && lead.createdAt);
  if (fresh.length === 0) return;
  const phones = [...new Set(fresh.map((lead) => lead.phone as string))];
  const known = await trx
    .selectFrom('customers')
    .leftJoin('bookings', (join) => join.onRef('bookings.customer_id', '=', 'customers.id').on('bookings.status', '=', 'booked'))
    .select(['customers.id', 'customers.phone', 'customers.assignee_email', 'customers.status', 'bookings.id as upcomingBooking'])
    .where('customers.phone', 'in', phones)
    .execute();
  const customers = new Map<string, MergedCustomer>(
    known.map((row) => [
      row.phone,
      { id: row.id, assigneeEmail: row.assignee_email, status: row.status as LeadStatus, upcoming: row.upcomingBooking !== null },
    ]),
  );
  const slots = new Set(
    (
      await trx
        .selectFrom('visit_slots')
        .select('id')
        .where('id', 'in', [...new Set(fresh.map((lead) => lead.visitSlot?._ref).filter((ref): ref is string => Boolean(ref)))].concat(''))
        .execute()
    ).map((row) => row.id),
  );

  for (const lead of fresh) {
    const phone = lead.phone as string;
    const createdAt = lead.createdAt as string;
    const name = lead.name?.trim() || phone.slice(-4);
    const status: LeadStatus = (LEAD_STATUSES as readonly string[]).includes(lead.status ?? '') ? (lead.status as LeadStatus) : 'new';
    const assignee = lead.assignee?.email ? { email: lead.assignee.email, name: lead.assignee.name ?? lead.assignee.email } : null;
    const marketing = lead.consent?.marketing ? 1 : 0;
    let customer = customers.get(phone);
    const notes: string[] = [];
    if (!customer) {
      customer = { id: `customer-${randomUUID()}`, assigneeEmail: assignee?.email ?? null, status, upcoming: false };
      customers.set(phone, customer);
      await trx
        .insertInto('customers')
        .values({
          id: customer.id,
          phone,
          name,
          status,
          assignee_email: assignee?.email ?? null,
          assignee_name: assignee?.name ?? null,
          marketing_consent: marketing,
          first_registered_at: createdAt,
          last_registered_at: createdAt,
          updated_at: updatedAt,
        })
        .execute();
    } else {
      const takesAssignee = !customer.assigneeEmail && assignee !== null;
      if (assignee && customer.assigneeEmail && assignee.email !== customer.assigneeEmail) notes.push(`담당자 ${assignee.name} (${assignee.email})`);
      const furthest = STATUS_RANK[status] > STATUS_RANK[customer.status] ? status : customer.status;
      if (status !== 'new' && customer.status !== 'new' && status !== customer.status) notes.push(`상태 ${status}`);
      customer.status = furthest;
      if (takesAssignee) customer.assigneeEmail = assignee.email;
      await trx
        .updateTable('customers')
        .set({
          // A customer the site registered since keeps its latest registration's name and time:
          // an older dataset brought in afterwards neither renames it nor ages it (retention counts from it).
          name: sql`CASE WHEN last_registered_at < ${createdAt} THEN ${name} ELSE name END`,
          status: furthest,
          marketing_consent: sql`CASE WHEN last_registered_at < ${createdAt} THEN ${marketing} ELSE marketing_consent END`,
          first_registered_at: sql`CASE WHEN first_registered_at > ${createdAt} THEN ${createdAt} ELSE first_registered_at END`,
          last_registered_at: sql`CASE WHEN last_registered_at < ${createdAt} THEN ${createdAt} ELSE last_registered_at END`,
          updated_at: updatedAt,
          ...(takesAssignee ? { assignee_email: assignee.email, assignee_name: assignee.name } : {}),
        })
        .where('id', '=', customer.id)
        .execute();
    }

    await trx
      .insertInto('registrations')
      .values({
        id: lead._id,
        customer_id: customer.id,
        created_at: createdAt,
        name,
        form_kind: lead.formKind && FORM_KINDS.has(lead.formKind) ? lead.formKind : 'customer',
        message: lead.message ?? null,
        source_page: lead.sourcePage ?? null,
        landing_page: lead.landingPage ?? null,
        utm_source: lead.utm?.source ?? null,
        utm_medium: lead.utm?.medium ?? null,
        utm_campaign: lead.utm?.campaign ?? null,
        utm_term: lead.utm?.term ?? null,
        utm_content: lead.utm?.content ?? null,
        campaign_key: lead.utm?.campaign ? campaignKey(lead.utm.campaign) : null,
        marketing_consent: marketing,
        notice_version: lead.consent?.noticeVersion ?? null,
        agreed_at: lead.consent?.agreedAt ?? null,
        requested_slot_id: lead.visitSlot?._ref ?? null,
      })
      .execute();
    if (assignee) {
      await trx
        .insertInto('assignments')
        .values({
          id: `${lead._id}-assigned`,
          customer_id: customer.id,
          at: createdAt,
          assignee_email: assignee.email,
          assignee_name: assignee.name,
          by_email: null,
        })
        .execute();
    }
    for (const memo of lead.memos ?? []) {
      if (!memo.text || !memo.at) continue;
      await trx
        .insertInto('memos')
        .values({
          id: `${lead._id}-${memo._key ?? memo.at}`,
          customer_id: customer.id,
          at: memo.at,
          text: memo.text,
          author_email: memo.authorEmail ?? '',
          author_name: memo.authorName ?? '',
        })
        .execute();
    }
    for (const call of lead.calls ?? []) {
      if (!call.result || !call.at) continue;
      await trx
        .insertInto('calls')
        .values({
          id: `${lead._id}-${call._key ?? call.at}`,
          customer_id: customer.id,
          at: call.at,
          result: call.result,
          callback_at: call.callbackAt ?? null,
          author_email: call.authorEmail ?? '',
          author_name: call.authorName ?? '',
        })
        .execute();
    }

    const booking = bookingOf(lead, today, slots);
    if (booking) {
      let bookingStatus = booking.status;
      if (bookingStatus === 'booked' && customer.upcoming) {
        bookingStatus = 'cancelled';
        notes.push(`두 번째 방문 예약 ${lead.visitAt ?? ''} 취소`);
      }
      if (bookingStatus === 'booked') customer.upcoming = true;
      await trx
        .insertInto('bookings')
        .values({
          id: `${lead._id}-visit`,
          customer_id: customer.id,
          registration_id: lead._id,
          slot_id: booking.slotId,
          visit_at: lead.visitAt ?? '',
          kind: lead.formKind === 'walkIn' ? 'walkIn' : lead.formKind === 'phoneIn' ? 'phoneIn' : 'site',
          status: bookingStatus,
          checked_in_at: lead.checkedInAt ?? null,
          created_at: createdAt,
          created_by: null,
        })
        .execute();
    }
    for (const note of notes) {
      await trx
        .insertInto('customer_merge_notes')
        .values({ customer_id: customer.id, registration_id: lead._id, note })
        .onConflict((conflict) => conflict.doNothing())
        .execute();
    }
  }
}

const FORM_KINDS = new Set(['popup', 'home', 'customer', 'walkIn', 'phoneIn']);

/** The visit a lead held or asked for, or null. A slot deleted since is no slot (the time stays). */
function bookingOf(lead: LeadDocument, today: string, slots: Set<string>): { status: BookingStatus; slotId: string | null } | null {
  if (!lead.visitAt) return null;
  const slotId = lead.visitSlot?._ref && slots.has(lead.visitSlot._ref) ? lead.visitSlot._ref : null;
  if (lead.checkedInAt) return { status: 'checkedIn', slotId };
  switch (lead.visitSlotStatus) {
    case 'booked':
      return { status: lead.visitAt.slice(0, 10) >= today ? 'booked' : 'missed', slotId };
    case 'released':
      return { status: 'released', slotId };
    case 'unavailable':
      return { status: 'unavailable', slotId };
    default:
      return null;
  }
}
