import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { sqliteAuditSchema } from '../../audit/trail';
import { copyLeadDocuments } from '../lead-documents-move';

// The values each check allowed when this was written: a new one needs a migration widening it.
const STATUSES = ['new', 'contacting', 'consulted', 'visitBooked', 'visited', 'contracted', 'onHold', 'invalid'];
const FORM_KINDS = ['popup', 'home', 'customer', 'walkIn', 'phoneIn'];
const BOOKING_KINDS = ['site', 'console', 'phoneIn', 'walkIn'];
const BOOKING_STATUSES = ['booked', 'checkedIn', 'cancelled', 'released', 'missed', 'unavailable'];

/**
 * The customer as the unit of sales work: one row per normalised phone, the registrations (each
 * form sent) under it, the visit slots and bookings, calls, memos and the assignment history.
 * The invariants are the database's own:
 * - one customer per phone (`customers_phone`, unique);
 * - a slot never holds more bookings than places (`booked <= capacity`, checked), taken by one
 *   conditional update in the booking's transaction;
 * - one upcoming booking per customer (`bookings_one_upcoming`, unique over status 'booked').
 * Leads and slots a previous release kept as documents in this same database are copied in
 * (../lead-documents-move.ts), registrations of one phone merged into one customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The customer tables' changes write their audit records in their own transactions: the embedded
  // audit table must be there first (PostgreSQL's comes with its SQL migrations).
  if (db.getExecutor().adapter instanceof SqliteAdapter) {
    const existing = (await db.introspection.getTables()).find((table) => table.name === 'audit_events');
    for (const statement of sqliteAuditSchema(existing?.columns.map((column) => column.name) ?? [])) await sql.raw(statement).execute(db);
  }
  const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} IN (${sql.join(values.map((value) => sql.lit(value)))})`;

  await db.schema
    .createTable('customers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('phone', 'text', (column) => column.notNull())
    // The list's 뒷자리 search reads an index of the last four digits.
    .addColumn('phone_last4', 'text', (column) =>
      column
        .notNull()
        .generatedAlwaysAs(sql`substr(phone, length(phone) - 3)`)
        .stored(),
    )
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull().defaultTo('new').check(oneOf('status', STATUSES)))
    .addColumn('assignee_email', 'text')
    .addColumn('assignee_name', 'text')
    .addColumn('marketing_consent', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`marketing_consent IN (0, 1)`),
    )
    .addColumn('first_registered_at', 'text', (column) => column.notNull())
    .addColumn('last_registered_at', 'text', (column) => column.notNull())
    // Every change adds one: a page that showed an older version is refused its change.
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('customers_phone').unique().on('customers').column('phone').execute();
  await db.schema.createIndex('customers_phone_last4').on('customers').columns(['phone_last4', 'last_registered_at']).execute();
  await db.schema.createIndex('customers_name').on('customers').column('name').execute();
  await db.schema.createIndex('customers_last_registered').on('customers').columns(['last_registered_at', 'id']).execute();
  await db.schema.createIndex('customers_assignee').on('customers').columns(['assignee_email', 'last_registered_at', 'id']).execute();
  await db.schema.createIndex('customers_status').on('customers').columns(['status', 'last_registered_at', 'id']).execute();

  await db.schema
    .createTable('registrations')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (column) => column.notNull())
    // The name as typed this time (the customer's is the latest).
    .addColumn('name', 'text', (column) => column.notNull())
    .addColumn('form_kind', 'text', (column) => column.notNull().check(oneOf('form_kind', FORM_KINDS)))
    .addColumn('message', 'text')
    .addColumn('source_page', 'text')
    .addColumn('landing_page', 'text')
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    // campaignKey(utm_campaign): one campaign whatever its spelling's case.
    .addColumn('campaign_key', 'text')
    .addColumn('marketing_consent', 'integer', (column) =>
      column
        .notNull()
        .defaultTo(0)
        .check(sql`marketing_consent IN (0, 1)`),
    )
    .addColumn('notice_version', 'text')
    .addColumn('agreed_at', 'text')
    // The slot the form asked for (booked or not): what a retry of the same form is compared with.
    .addColumn('requested_slot_id', 'text')
    .execute();
  await db.schema.createIndex('registrations_customer').on('registrations').columns(['customer_id', 'created_at']).execute();
  await db.schema.createIndex('registrations_created').on('registrations').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('registrations_form').on('registrations').columns(['form_kind', 'created_at']).execute();
  await db.schema.createIndex('registrations_source').on('registrations').columns(['utm_source', 'created_at']).execute();
  await db.schema.createIndex('registrations_campaign').on('registrations').columns(['campaign_key', 'created_at']).execute();

  await db.schema
    .createTable('visit_slots')
    .addColumn('id', 'text', (column) => column.primaryKey())
    // YYYY-MM-DD and HH:mm, Seoul.
    .addColumn('date', 'text', (column) => column.notNull())
    .addColumn('time', 'text', (column) => column.notNull())
    .addColumn('capacity', 'integer', (column) => column.notNull().check(sql`capacity >= 0`))
    .addColumn('booked', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addCheckConstraint('visit_slots_places', sql`booked >= 0 AND booked <= capacity`)
    .execute();
  await db.schema.createIndex('visit_slots_time').on('visit_slots').columns(['date', 'time']).execute();

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
    // The registration that asked for it (a site form, a phone-in), or none (booked on the lead page).
    .addColumn('registration_id', 'text', (column) => column.references('registrations.id').onDelete('set null'))
    // None for a walk-in, who takes no place.
    .addColumn('slot_id', 'text', (column) => column.references('visit_slots.id'))
    // YYYY-MM-DD HH:mm, Seoul: the slot's time, or a walk-in's arrival.
    .addColumn('visit_at', 'text', (column) => column.notNull())
    .addColumn('kind', 'text', (column) => column.notNull().check(oneOf('kind', BOOKING_KINDS)))
    .addColumn('status', 'text', (column) => column.notNull().check(oneOf('status', BOOKING_STATUSES)))
    .addColumn('checked_in_at', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('created_by', 'text')
    .execute();
  // One upcoming visit per customer: a second booking is a move, never a second place.
  await db.schema
    .createIndex('bookings_one_upcoming')
    .unique()
    .on('bookings')
    .column('customer_id')
    .where(sql<boolean>`status = 'booked'`)
    .execute();
  await db.schema.createIndex('bookings_customer').on('bookings').columns(['customer_id', 'visit_at']).execute();
  await db.schema.createIndex('bookings_visit').on('bookings').columns(['visit_at', 'status']).execute();
  await db.schema.createIndex('bookings_slot').on('bookings').columns(['slot_id', 'status']).execute();

  for (const table of ['calls', 'memos'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'text', (column) => column.primaryKey())
      .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
      .addColumn('at', 'text', (column) => column.notNull())
      .addColumn('author_email', 'text', (column) => column.notNull())
      .addColumn('author_name', 'text', (column) => column.notNull());
    builder =
      table === 'calls'
        ? builder.addColumn('result', 'text', (column) => column.notNull()).addColumn('callback_at', 'text')
        : builder.addColumn('text', 'text', (column) => column.notNull());
    await builder.execute();
    await db.schema.createIndex(`${table}_customer`).on(table).columns(['customer_id', 'at']).execute();
  }
  await db.schema
    .createIndex('calls_callback')
    .on('calls')
    .column('callback_at')
    .where(sql<boolean>`callback_at IS NOT NULL`)
    .execute();

  await db.schema
    .createTable('assignments')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('at', 'text', (column) => column.notNull())
    // Null: to nobody (미배정).
    .addColumn('assignee_email', 'text')
    .addColumn('assignee_name', 'text')
    // Null: the site's automatic assignment.
    .addColumn('by_email', 'text')
    .execute();
  await db.schema.createIndex('assignments_customer').on('assignments').columns(['customer_id', 'at']).execute();

  // What the move found that a person should look at: registrations of one phone that had
  // different 담당자 or statuses, more than one coming visit.
  await db.schema
    .createTable('customer_merge_notes')
    .addColumn('customer_id', 'text', (column) => column.notNull().references('customers.id').onDelete('cascade'))
    .addColumn('registration_id', 'text', (column) => column.notNull())
    .addColumn('note', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('customer_merge_notes_key', ['registration_id', 'note'])
    .execute();

  await copyLeadDocuments(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['customer_merge_notes', 'assignments', 'memos', 'calls', 'bookings', 'visit_slots', 'registrations', 'customers']) {
    await db.schema.dropTable(table).execute();
  }
}
