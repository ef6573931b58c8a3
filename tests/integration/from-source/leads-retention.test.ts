/**
 * Retention (개인정보 보호법): a customer who has not registered within the settings' retention
 * period is deleted with every registration; a customer who registered again within it is kept
 * whole; the slots stay.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { register } from '../../../web/server/customers/registration';
import { startLeadApp, type LeadApp } from '../../support/leads-harness';

let app: LeadApp;

afterEach(async () => {
  await app?.close();
});

const DAY = 24 * 3600_000;

async function registered(id: string, phone: string, createdAt: Date): Promise<void> {
  const at = createdAt.toISOString();
  const outcome = await register(
    app.sales,
    { id, name: '홍길동', phone, createdAt: at, formKind: 'popup', consent: { marketing: false, noticeVersion: '2026-11', agreedAt: at } },
    { assignee: null, today: at.slice(0, 10) },
  );
  expect(outcome.status).toBe('created');
}

describe('purgeExpired', () => {
  it('deletes the customers who have not registered within the retention period of the lead settings and keeps the rest', async () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    app = await startLeadApp({ now: () => now });
    const retentionDays = (await app.content.fetch('*[_id == "leadSettings"][0].retentionDays')) as number;
    expect(retentionDays).toBe(365);
    await registered('lead-old', '01011110000', new Date(now - (retentionDays + 1) * DAY));
    await registered('lead-edge', '01022220000', new Date(now - (retentionDays - 1) * DAY));
    await registered('lead-new', '01033330000', new Date(now - DAY));
    // Registered long ago and again this week: a customer of today, kept with both registrations.
    await registered('lead-returning-old', '01044440000', new Date(now - (retentionDays + 30) * DAY));
    await registered('lead-returning-new', '01044440000', new Date(now - 2 * DAY));
    await app.addSlot({ id: 'visitSlot-kept', capacity: 1, booked: 1, date: '2020-01-01' });

    const result = await app.service.purgeExpired();
    expect(result).toMatchObject({ deleted: 1, retentionDays: 365 });
    expect((await app.sales.db.selectFrom('registrations').select('id').orderBy('id').execute()).map((row) => row.id)).toEqual([
      'lead-edge',
      'lead-new',
      'lead-returning-new',
      'lead-returning-old',
    ]);
    expect(await app.registrations('01011110000')).toBe(0);
    expect(await app.booked('visitSlot-kept')).toBe(1);
    expect((await app.service.purgeExpired()).deleted).toBe(0);
  });

  it('refuses to guess when the settings have no retention period', async () => {
    app = await startLeadApp();
    await app.content.mutate([{ patch: { id: 'leadSettings', unset: ['retentionDays'] } }]);
    await expect(app.service.purgeExpired()).rejects.toThrow(/보관 기간/);
  });
});
