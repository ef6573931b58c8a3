import type { Kysely } from 'kysely';
import { recountRegistrationTallies } from '../../customers/registration-tallies';

/**
 * Registrations counted per Seoul day, form, utm source, medium, campaign key and landing page
 * (../../customers/registration-tallies.ts), in a few rows per key (`shard`) so that registrations
 * stored at once do not wait for each other's commit: the statistics of a month add these rows up,
 * not the registrations. The registrations stored so far are counted once here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('registration_tallies')
    .addColumn('day', 'text', (column) => column.notNull())
    .addColumn('form_kind', 'text', (column) => column.notNull())
    // '' for a registration without the value.
    .addColumn('utm_source', 'text', (column) => column.notNull())
    .addColumn('utm_medium', 'text', (column) => column.notNull())
    .addColumn('campaign_key', 'text', (column) => column.notNull())
    .addColumn('landing_page', 'text', (column) => column.notNull())
    .addColumn('shard', 'integer', (column) => column.notNull())
    .addColumn('registrations', 'integer', (column) => column.notNull())
    .addColumn('first_touches', 'integer', (column) => column.notNull())
    .addColumn('last_touches', 'integer', (column) => column.notNull())
    .addColumn('day_customers', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('registration_tallies_key', ['day', 'form_kind', 'utm_source', 'utm_medium', 'campaign_key', 'landing_page', 'shard'])
    .execute();
  await recountRegistrationTallies(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('registration_tallies').execute();
}
