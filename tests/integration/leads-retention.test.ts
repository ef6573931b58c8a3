/** Retention (개인정보 보호법): leads older than the settings' retention period are deleted, others kept. */
import { afterEach, describe, expect, it } from 'vitest';
import { startLeadApp, type LeadApp } from './leads-harness';

let app: LeadApp;

afterEach(async () => {
  await app?.close();
});

const DAY = 24 * 3600_000;

function leadCreated(id: string, createdAt: Date) {
  return {
    create: {
      _id: id,
      _type: 'lead',
      name: '홍길동',
      phone: '01012345678',
      consent: { privacy: true, marketing: false, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt.toISOString() },
      createdAt: createdAt.toISOString(),
      formKind: 'popup',
    },
  };
}

describe('purgeExpired', () => {
  it('deletes the leads past the retention period of the lead settings and keeps the rest', async () => {
    const now = Date.parse('2026-11-22T00:00:00Z');
    app = await startLeadApp({ now: () => now });
    const retentionDays = (await app.content.fetch('*[_id == "leadSettings"][0].retentionDays')) as number;
    expect(retentionDays).toBe(365);
    await app.leads.mutate([
      leadCreated('lead-old', new Date(now - (retentionDays + 1) * DAY)),
      leadCreated('lead-edge', new Date(now - (retentionDays - 1) * DAY)),
      leadCreated('lead-new', new Date(now - DAY)),
      { create: { _id: 'visitSlot-kept', _type: 'visitSlot', date: '2020-01-01', time: '10:00', capacity: 1, booked: 1 } },
    ]);
    const result = await app.service.purgeExpired();
    expect(result).toMatchObject({ deleted: 1, retentionDays: 365 });
    expect(await app.leads.fetch('*[_type == "lead"]._id | order(@ asc)')).toEqual(['lead-edge', 'lead-new']);
    expect(await app.leads.fetch('count(*[_id == "visitSlot-kept"])')).toBe(1);
    expect((await app.service.purgeExpired()).deleted).toBe(0);
  });

  it('refuses to guess when the settings have no retention period', async () => {
    app = await startLeadApp();
    await app.content.mutate([{ patch: { id: 'leadSettings', unset: ['retentionDays'] } }]);
    await expect(app.service.purgeExpired()).rejects.toThrow(/보관 기간/);
  });
});
