/**
 * Leads and visit slots for the console's tests and its benchmark: deterministic, spread over the
 * 40 days before `today` (Seoul), every form, status (some unset: new), consent, source and
 * campaign, some with a booked visit.
 */
import type { LeadFilters } from '../../web/shared/lead-filters';
import { LEAD_STATUSES, type LeadStatus } from '../../web/shared/lead-status';
import { CustomerWork, type CustomerActor } from '../../web/server/customers/customer-work';
import { register } from '../../web/server/customers/registration';
import type { NewRegistration } from '../../web/server/customers/registration-types';
import type { SalesDatabase } from '../../web/server/database/index';
import { LEAD_FORM_KINDS } from '../../web/shared/lead-validation';
import { shiftDay } from '../../web/shared/seoul-time';

const SURNAMES = ['김', '이', '박', '최', '정'];
const GIVEN_NAMES = ['민준', '서연', '도윤', '하은', '지호', '수아', '예준'];
const SOURCES = ['naver', 'kakao', 'google', undefined];
const CAMPAIGNS = ['launch', 'autumn', undefined];
const SLOT_TIMES = ['11:00', '14:00', '16:00'];
/** Visit days: `today` and the next two. */
export const VISIT_DAYS = 3;

export type FixtureLead = {
  _id: string;
  _type: 'lead';
  name: string;
  phone: string;
  createdAt: string;
  formKind: string;
  status?: string;
  consent: { privacy: true; marketing: boolean; ageOver14: true; noticeVersion: string; agreedAt: string };
  utm?: { source?: string; campaign?: string };
  sourcePage: string;
  message?: string;
  visitSlot?: { _type: 'reference'; _ref: string; _weak: true };
  visitAt?: string;
  visitSlotStatus?: 'booked';
  assignee?: { email: string; name: string };
};

/** The staff the fixture's leads are assigned to: one lead in five each, the rest unassigned. */
export const FIXTURE_ASSIGNEES = [
  { email: 'kim@example.com', name: '김상담' },
  { email: 'lee@example.com', name: '이상담' },
] as const;

export function fixtureSlots(today: string) {
  return Array.from({ length: VISIT_DAYS }, (_, day) => {
    const date = shiftDay(today, day);
    return SLOT_TIMES.map((time) => ({
      _id: `visitSlot-${date.replaceAll('-', '')}-${time.replace(':', '')}`,
      _type: 'visitSlot' as const,
      date,
      time,
      capacity: 4,
      booked: 0,
    }));
  }).flat();
}

/** Lead `index` of the fixture; every 6th books a slot of `slots` (counted into `booked`). */
export function fixtureLead(index: number, today: string, slots: ReturnType<typeof fixtureSlots> = []): FixtureLead {
  const startOfToday = Date.parse(`${today}T00:00:00+09:00`);
  const createdAt = new Date(startOfToday + 9 * 3600_000 - (index % 40) * 86_400_000 - ((index * 7919) % 36_000) * 1000).toISOString();
  const source = SOURCES[index % SOURCES.length];
  const campaign = CAMPAIGNS[index % CAMPAIGNS.length];
  const status = index % 9 === 0 ? undefined : LEAD_STATUSES[index % LEAD_STATUSES.length];
  const lead: FixtureLead = {
    _id: `lead-fixture-${String(index).padStart(6, '0')}`,
    _type: 'lead',
    name: `${SURNAMES[index % SURNAMES.length]}${GIVEN_NAMES[index % GIVEN_NAMES.length]}`,
    phone: `010${String(10_000_000 + ((index * 7_919_033) % 89_999_999)).padStart(8, '0')}`,
    createdAt,
    formKind: LEAD_FORM_KINDS[index % LEAD_FORM_KINDS.length],
    ...(status ? { status } : {}),
    consent: { privacy: true, marketing: index % 2 === 0, ageOver14: true, noticeVersion: '2026-11', agreedAt: createdAt },
    ...(source || campaign ? { utm: { ...(source ? { source } : {}), ...(campaign ? { campaign } : {}) } } : {}),
    sourcePage: '/',
    ...(index % 5 === 0 ? { message: `=SUM(A1) 문의 ${index}` } : {}),
    ...(index % 5 === 1 || index % 5 === 2 ? { assignee: { ...FIXTURE_ASSIGNEES[(index % 5) - 1] } } : {}),
  };
  const slot = index % 6 === 0 && slots.length > 0 ? slots[(index / 6) % slots.length] : undefined;
  if (slot && slot.booked < slot.capacity) {
    slot.booked += 1;
    Object.assign(lead, {
      visitSlot: { _type: 'reference', _ref: slot._id, _weak: true },
      visitAt: `${slot.date} ${slot.time}`,
      visitSlotStatus: 'booked',
    });
  }
  return lead;
}

export function fixtureDocuments(count: number, today: string): Array<FixtureLead | ReturnType<typeof fixtureSlots>[number]> {
  const slots = fixtureSlots(today);
  const leads = Array.from({ length: count }, (_, index) => fixtureLead(index, today, slots));
  return [...slots, ...leads];
}

/** The day the fixture's dates are counted from (its visit days are this one and the next two). */
export const FIXTURE_TODAY = '2026-11-23';

/** The Seoul day of an ISO instant. */
export const seoulDay = (iso: string) => new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 10);
export const newestFirst = (a: FixtureLead, b: FixtureLead) => b.createdAt.localeCompare(a.createdAt) || b._id.localeCompare(a._id);

const sampleLastFour = fixtureLead(7, FIXTURE_TODAY).phone.slice(-4);
const samplePhone = fixtureLead(7, FIXTURE_TODAY).phone;
/** Lead 7's number as a caller ID shows it or a person types it. */
export const SAMPLE_PHONE_SPELLINGS = [
  `${samplePhone.slice(0, 3)}-${samplePhone.slice(3, 7)}-${samplePhone.slice(7)}`,
  samplePhone,
  `+82 ${samplePhone.slice(1, 3)} ${samplePhone.slice(3, 7)} ${samplePhone.slice(7)}`,
  ` ${samplePhone.slice(0, 3)} ${samplePhone.slice(3, 7)} ${samplePhone.slice(7)} `,
];

/** Every list filter on a fixture made for FIXTURE_TODAY, with what it means said without the queries. */
export const FILTER_CASES: Array<[LeadFilters, (lead: FixtureLead) => boolean]> = [
  [{ from: '2026-11-20', to: '2026-11-22' }, (lead) => seoulDay(lead.createdAt) >= '2026-11-20' && seoulDay(lead.createdAt) <= '2026-11-22'],
  [{ formKind: 'home' }, (lead) => lead.formKind === 'home'],
  [{ visitDay: '2026-11-24' }, (lead) => lead.visitAt?.startsWith('2026-11-24') === true],
  [{ status: 'new' }, (lead) => (lead.status ?? 'new') === 'new'],
  [{ status: 'contracted' }, (lead) => lead.status === 'contracted'],
  [{ marketing: true }, (lead) => lead.consent.marketing],
  [{ marketing: false }, (lead) => !lead.consent.marketing],
  [{ utmSource: 'naver' }, (lead) => lead.utm?.source === 'naver'],
  [{ utmCampaign: 'autumn' }, (lead) => lead.utm?.campaign === 'autumn'],
  [{ q: '김' }, (lead) => lead.name.startsWith('김')],
  [{ q: '이서' }, (lead) => lead.name.startsWith('이서')],
  [{ q: sampleLastFour }, (lead) => lead.phone.endsWith(sampleLastFour)],
  ...SAMPLE_PHONE_SPELLINGS.map((q): (typeof FILTER_CASES)[number] => [{ q }, (lead) => lead.phone === samplePhone]),
  [{ utmCampaign: 'AUTUMN' }, (lead) => lead.utm?.campaign === 'autumn'],
  [{ assignee: 'none' }, (lead) => !lead.assignee],
  [{ assignee: FIXTURE_ASSIGNEES[1].email }, (lead) => lead.assignee?.email === FIXTURE_ASSIGNEES[1].email],
  [{ assignee: 'none', status: 'new' }, (lead) => !lead.assignee && (lead.status ?? 'new') === 'new'],
  [{ utmCampaign: 'Launch', status: 'new' }, (lead) => lead.utm?.campaign === 'launch' && (lead.status ?? 'new') === 'new'],
  [{ formKind: 'popup', marketing: true, utmSource: 'google' }, (lead) => lead.formKind === 'popup' && lead.consent.marketing && lead.utm?.source === 'google'],
];

/** Who sets the fixture's statuses: a 팀장, as one would the morning before. */
const SEEDER: CustomerActor = { email: 'seed@example.com', name: '시드', role: 'manager', ip: '127.0.0.1', visibleTo: null, takesColleagues: false };

/**
 * The fixture as the site stores it: its slots, each lead a registration of its own customer
 * (register(), with its 담당자 and booked visit), its status set through CustomerWork.
 * Resolves with each lead's customer id.
 */
export async function seedFixture(sales: SalesDatabase, documents: ReturnType<typeof fixtureDocuments>, today: string): Promise<Map<string, string>> {
  for (const slot of documents.filter((document) => document._type === 'visitSlot')) {
    await sales.db
      .insertInto('visit_slots')
      .values({ id: slot._id, date: slot.date, time: slot.time, capacity: slot.capacity, created_at: '2026-10-01T00:00:00.000Z' })
      .execute();
  }
  const work = new CustomerWork(sales, { now: () => Date.parse(`${today}T08:00:00+09:00`) });
  const customers = new Map<string, string>();
  for (const lead of documents.filter((document): document is FixtureLead => document._type === 'lead')) {
    const outcome = await register(
      sales,
      {
        id: lead._id,
        name: lead.name,
        phone: lead.phone,
        createdAt: lead.createdAt,
        formKind: lead.formKind as NewRegistration['formKind'],
        ...(lead.message ? { message: lead.message } : {}),
        sourcePage: lead.sourcePage,
        ...(lead.utm ? { utm: lead.utm } : {}),
        consent: { marketing: lead.consent.marketing, noticeVersion: lead.consent.noticeVersion, agreedAt: lead.consent.agreedAt },
      },
      {
        assignee: lead.assignee ?? null,
        today,
        ...(lead.visitSlot ? { visit: { slotId: lead.visitSlot._ref, bookableFrom: today, whenUnavailable: 'refuse', kind: 'site', by: null } } : {}),
      },
    );
    if (outcome.status !== 'created') throw new Error(`${lead._id}: ${outcome.status}`);
    customers.set(lead._id, outcome.customerId);
    const customer = await sales.db.selectFrom('customers').select(['status', 'version']).where('id', '=', outcome.customerId).executeTakeFirstOrThrow();
    const status = (lead.status ?? 'new') as LeadStatus;
    if (customer.status !== status) {
      const changed = await work.change(outcome.customerId, { version: customer.version, status }, SEEDER);
      if (!changed.ok) throw new Error(`${lead._id}: ${changed.error}`);
    }
  }
  return customers;
}
