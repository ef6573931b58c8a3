/**
 * The lead list and the lead page as a browser without JavaScript sees them: server HTML and form
 * posts through React Router's request handler (the app's own route modules, compiled by Vite),
 * over a lead console that keeps its leads in memory and checks revisions as the real ones do.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequestHandler, type AppLoadContext } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CALL_RESULTS } from '../../../web/shared/call-results';
import type { LeadCallInput, LeadCallResult, LeadChangeResult, LeadDetail, LeadListPage } from '../../../web/shared/lead-dto';
import type { LeadFilters } from '../../../web/shared/lead-filters';
import { maskPhone } from '../../../web/shared/phone-format';
import type { StaffIdentity } from '../../../web/shared/staff-roles';
import { EMBEDDED_IMAGE_CONFIG } from '../../../web/sanity/image';
import type { StaffAuth } from '../../../web/server/auth/staff-auth';
import { openEmbeddedStore, type EmbeddedStore } from '../../../web/server/content/embedded';
import { loadConfig } from '../../../web/server/config';
import type { LeadConsole } from '../../../web/server/console/types';
import { leadSearchAddress } from '../../../web/server/console/search-address';
import { createLeadService } from '../../../web/server/leads/index';
import { PressService } from '../../../web/server/press/service';
import { ViewCounter } from '../../../web/server/press/view-counter';
import type { SalesDatabase } from '../../../web/server/database/index';
import { inMemorySalesDatabase } from '../../support/sales-database';
import { maskName } from '../../../web/shared/audit-readable';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { serverBuildFromSources } from '../../support/source-modules';

const STAFF: StaffIdentity = { email: 'kim@cheonghak.example', name: '김상담', role: 'sales' };
const OTHER: StaffIdentity = { email: 'lee@cheonghak.example', name: '이상담', role: 'sales' };
const ADMIN: StaffIdentity = { email: 'boss@cheonghak.example', name: '박관리', role: 'admin' };
/** 01:30 on 26 November in Seoul, still the 25th in UTC. */
const CREATED_EARLY_IN_SEOUL = '2026-11-25T16:30:00.000Z';
const PHONE = '010-2345-6789';
/**
 * PHONE unmasked, however it is spelt, anywhere in a page's HTML (its scripts' data included). Not
 * its middle four digits alone: the dev build's manifest version is a random number that may hold them.
 */
const UNMASKED_PHONE = /2345\D{0,3}6789|010\D{0,3}2345/;

/** Leads in memory, each change checked against the revision it was based on. */
class MemoryLeadConsole implements Pick<
  LeadConsole,
  | 'list'
  | 'campaigns'
  | 'access'
  | 'lead'
  | 'revealPhone'
  | 'change'
  | 'addMemo'
  | 'callResults'
  | 'recordCall'
  | 'registrations'
  | 'unitTypes'
  | 'teamAssignment'
> {
  leads = new Map<string, LeadDetail>();
  listCalls: Array<{ filters: LeadFilters; cursor?: string }> = [];
  /** What the list says of a number that is a colleague's customer. */
  elsewhere: LeadListPage['elsewhere'];
  reveals: string[] = [];
  private revision = 0;

  add(lead: Partial<LeadDetail> & { id: string }): LeadDetail {
    const stored: LeadDetail = {
      rev: this.nextRev(),
      createdAt: '2026-11-20T05:30:00.000Z',
      name: '홍길동',
      maskedPhone: maskPhone(PHONE),
      message: '84㎡ 상담 원합니다',
      formKind: 'popup',
      sourcePage: '/?utm_source=naver',
      profile: { interestType: null, subscription: null, funding: null },
      utm: { source: 'naver', campaign: 'launch' },
      consent: { privacy: true, marketing: true, ageOver14: true, noticeVersion: '2026-11', agreedAt: '2026-11-20T05:30:00.000Z' },
      visitSlotId: null,
      visitAt: null,
      visitSlotStatus: null,
      status: 'new',
      assignee: null,
      checkedInAt: null,
      memos: [],
      calls: [],
      missedCalls: 0,
      ...lead,
    };
    this.leads.set(stored.id, stored);
    return stored;
  }

  private nextRev(): string {
    this.revision += 1;
    return `rev-${this.revision}`;
  }

  async list(filters: LeadFilters, page: { cursor?: string; limit?: number }) {
    this.listCalls.push({ filters, cursor: page.cursor });
    const rows = [...this.leads.values()].map((lead) => ({
      id: lead.id,
      createdAt: lead.createdAt,
      name: lead.name,
      maskedPhone: lead.maskedPhone,
      formKind: lead.formKind,
      status: lead.status,
      assigneeName: lead.assignee?.name ?? null,
      visitAt: lead.visitAt,
      marketing: lead.consent.marketing,
      utmSource: lead.utm.source ?? null,
      utmCampaign: lead.utm.campaign ?? null,
      lastCallResult: lead.calls.at(-1)?.result ?? null,
      missedCalls: lead.missedCalls,
      registrations: 1,
    }));
    if (this.elsewhere) return { rows: [], next: null, total: 0, elsewhere: this.elsewhere };
    return { rows, next: 'cursor-2', total: rows.length + 30 };
  }

  async campaigns() {
    return ['launch', '겨울 분양'];
  }

  async access(id: string) {
    return this.leads.has(id) ? ('allowed' as const) : ('notFound' as const);
  }

  async lead(id: string) {
    const lead = this.leads.get(id);
    return lead ? structuredClone(lead) : null;
  }

  /** No open slots here: the booking panel's own tests are in visit-bookings.test.ts. */
  readonly bookings = { openSlots: async () => [] };

  async registrations(id: string) {
    const lead = this.leads.get(id);
    return lead ? [{ id, createdAt: lead.createdAt, formKind: lead.formKind, utmSource: lead.utm.source ?? null, utmCampaign: lead.utm.campaign ?? null }] : [];
  }

  async revealPhone(id: string, _actor: StaffIdentity, options: { kept?: boolean } = {}) {
    this.reveals.push(options.kept ? `${id} (kept)` : id);
    return this.leads.has(id) ? PHONE : null;
  }

  async change(
    id: string,
    change: { rev: string; status?: LeadDetail['status']; assigneeEmail?: string | null },
    actor: StaffIdentity,
  ): Promise<LeadChangeResult> {
    const lead = this.leads.get(id);
    if (!lead) return { ok: false, error: 'notFound' };
    if (lead.rev !== change.rev) return { ok: false, error: 'conflict', current: structuredClone(lead) };
    if (change.status) lead.status = change.status;
    if (change.assigneeEmail !== undefined) lead.assignee = change.assigneeEmail === null ? null : { email: change.assigneeEmail, name: actor.name };
    lead.rev = this.nextRev();
    return { ok: true, lead: structuredClone(lead) };
  }

  async unitTypes() {
    return [{ code: '84A', label: '84㎡A' }];
  }

  /** The 자동 배정 section is the 팀장's and the 관리자's (tested in console-assignment.spec.ts): none here. */
  async teamAssignment() {
    return null;
  }

  async callResults(): Promise<string[]> {
    return [...DEFAULT_CALL_RESULTS];
  }

  /** The service's checks in short: a listed result, a 재통화 time after 2026. */
  async recordCall(id: string, input: LeadCallInput, actor: StaffIdentity): Promise<LeadCallResult> {
    const lead = this.leads.get(id);
    if (!lead) return { ok: false, error: 'notFound' };
    if (lead.rev !== input.rev) return { ok: false, error: 'conflict', current: structuredClone(lead) };
    if (!(await this.callResults()).includes(input.result)) return { ok: false, error: 'unknownCallResult' };
    if (input.callbackAt && input.callbackAt < '2027') return { ok: false, error: 'callbackNotFuture' };
    const callbackAt = input.callbackAt ? new Date(`${input.callbackAt}:00+09:00`).toISOString() : null;
    lead.calls.push({
      key: `call-${lead.calls.length + 1}`,
      result: input.result,
      callbackAt,
      authorEmail: actor.email,
      authorName: actor.name,
      at: '2026-11-21T01:00:00.000Z',
    });
    lead.rev = this.nextRev();
    return { ok: true, lead: structuredClone(lead) };
  }

  async addMemo(id: string, text: string, actor: StaffIdentity): Promise<LeadChangeResult> {
    const lead = this.leads.get(id);
    if (!lead) return { ok: false, error: 'notFound' };
    lead.memos.push({ key: `memo-${lead.memos.length + 1}`, authorEmail: actor.email, authorName: actor.name, at: '2026-11-21T01:00:00.000Z', text });
    lead.rev = this.nextRev();
    return { ok: true, lead: structuredClone(lead) };
  }
}

let store: EmbeddedStore;
let leadService: ReturnType<typeof createLeadService>;
let dataDir: string;
let leadConsole: MemoryLeadConsole;
let audit: MemoryAuditTrail;
let erasures: Array<{ leadId: string; reason: string; actor: string }>;
let withdrawals: string[];
let handle: (request: Request) => Promise<Response>;
let pressViews: SalesDatabase;

/** Who the fake session names: the staff member whose cookie the request carries. */
const auth = {
  session: (request: Request) => {
    const cookie = request.headers.get('cookie') ?? '';
    return [STAFF, OTHER, ADMIN].find((staff) => cookie.includes(`staff=${staff.email}`)) ?? null;
  },
} as unknown as StaffAuth;

beforeAll(async () => {
  const build = await serverBuildFromSources();
  store = await openEmbeddedStore({ file: ':memory:', seedFile: path.resolve('content/production.ndjson') });
  pressViews = await inMemorySalesDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), 'console-pages-test-'));
  leadService = createLeadService({ content: store, sales: pressViews }, loadConfig({ DATA_DIR: dataDir }));
  const handler = createRequestHandler(build, 'production');
  handle = (request) => {
    const context = {
      content: store,
      imageConfig: EMBEDDED_IMAGE_CONFIG,
      auth,
      clientIp: '127.0.0.1',
      leadForms: leadService,
      press: new PressService(store, new ViewCounter(pressViews), 'order-index'),
      leadConsole: leadConsole as unknown as LeadConsole,
      leadSearch: leadSearchAddress(randomBytes(32)),
      leadMessages: {
        forCustomer: async (id: string) =>
          id === 'lead-1'
            ? [
                { event: 'registration', status: 'sent', reason: null, providerCode: null, attempts: 3, updatedAt: '2026-11-20T05:00:00.000Z' },
                {
                  event: 'reminder',
                  status: 'failed',
                  reason: 'providerRefused',
                  providerCode: 'TemplateNotFound',
                  attempts: 1,
                  updatedAt: '2026-11-21T01:00:00.000Z',
                },
                { event: 'staffNewLead', status: 'skipped', reason: 'noStaffNumber', providerCode: null, attempts: 1, updatedAt: '2026-11-21T02:00:00.000Z' },
              ]
            : [],
        customerQuota: async () => ({ sent: 0, cap: 300 }),
      },
      audit,
      customerErasure: {
        ofLead: async ({ leadId, reason }: { leadId: string; reason: string }, actor: { email: string; role: string }) => {
          if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
          if (!reason.trim()) return { ok: false, error: 'reasonRequired' };
          erasures.push({ leadId, reason, actor: actor.email });
          leadConsole.leads.delete(leadId);
          return { ok: true, deleted: 1, maskedName: '홍*동' };
        },
        withdrawMarketing: async (leadId: string, actor: { role: string }) => {
          if (actor.role !== 'admin') return { ok: false, error: 'forbidden' };
          withdrawals.push(leadId);
          return { ok: true, withdrawn: true, maskedName: '홍*동' };
        },
      },
      leadNames: {
        masked: async (ids: string[]) =>
          Object.fromEntries(ids.flatMap((id) => (leadConsole.leads.has(id) ? [[id, maskName(leadConsole.leads.get(id)!.name)]] : []))),
      },
      staff: {
        list: async () => [
          { ...OTHER, disabled: false, createdAt: '2026-11-01T00:00:00.000Z' },
          { ...ADMIN, disabled: false, createdAt: CREATED_EARLY_IN_SEOUL },
        ],
      },
    } as unknown as AppLoadContext;
    return handler(request, context);
  };
}, 120_000);

afterAll(async () => {
  await leadService?.close();
  await store?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  audit = new MemoryAuditTrail();
  erasures = [];
  withdrawals = [];
  leadConsole = new MemoryLeadConsole();
  leadConsole.add({ id: 'lead-1' });
});

const ORIGIN = 'http://localhost';

async function get(pathname: string, as: StaffIdentity | null = STAFF) {
  const response = await handle(new Request(new URL(pathname, ORIGIN), { headers: as ? { cookie: `staff=${as.email}` } : {}, redirect: 'manual' }));
  return { response, html: await response.text() };
}

async function post(pathname: string, fields: Record<string, string>, as: StaffIdentity = STAFF) {
  const response = await handle(
    new Request(new URL(pathname, ORIGIN), {
      method: 'POST',
      headers: { cookie: `staff=${as.email}`, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
      redirect: 'manual',
    }),
  );
  return { response, html: await response.text() };
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
/** The page's visible text, tags dropped (the hydration data in scripts left out). */
const textOf = (html: string) =>
  decode(
    html
      .replace(/<script[\s\S]*?<\/script>/g, '')
      .replace(/<[^>]+>/g, ' ')
      .replace(/\s+/g, ' '),
  );
const valueOf = (html: string, name: string) => decode(new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '');
const memoFieldOf = (html: string) => decode(/<textarea[^>]*name="memo"[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? '');

describe('the lead list', () => {
  it('sends a signed-out visitor to the sign-in, coming back to the same list afterwards', async () => {
    const { response } = await get('/admin/leads?status=new', null);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/admin?next=${encodeURIComponent('/admin/leads?status=new')}`);
    expect(leadConsole.listCalls).toEqual([]);
  });

  it('lists with the filters of the address: masked phones, no-store, noindex, no download for a 상담사, the next page carrying the filters', async () => {
    const { response, html } = await get('/admin/leads?status=new&q=%ED%99%8D&utmSource=naver&marketing=yes&cursor=c1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(leadConsole.listCalls).toEqual([{ filters: { status: 'new', marketing: true, utmSource: 'naver', q: '홍' }, cursor: 'c1' }]);
    const text = textOf(html);
    expect(text).toContain('홍길동');
    expect(text).toContain('010-****-6789');
    expect(html).not.toMatch(UNMASKED_PHONE);
    expect(text).toContain('조건에 맞는 고객 31명 중 이 페이지에 1명 (다음 페이지 있음)');
    // The campaign is a choice of the known ones, 전체 first.
    const campaignSelect = /<select[^>]*name="utmCampaign"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    expect([...campaignSelect.matchAll(/<option[^>]*value="([^"]*)"/g)].map((match) => match[1])).toEqual(['', 'launch', '겨울 분양']);
    const filters = 'status=new&marketing=yes&utmSource=naver&q=%ED%99%8D';
    expect(html).not.toContain('/admin/leads/export');
    expect(decode(html)).toContain(`href="/admin/leads?${filters}&cursor=cursor-2"`);
    expect(decode(html)).toContain('href="/admin/leads/lead-1"');
  });

  it("an admin's download form carries the list's filters and asks a 사유", async () => {
    const { html } = await get('/admin/leads?status=new&q=%ED%99%8D', ADMIN);
    const form = /<form[^>]*action="\/admin\/leads\/export\.xlsx"[^>]*>([\s\S]*?)<\/form>/.exec(decode(html))?.[1] ?? '';
    expect([...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [match[1], match[2]])).toEqual([
      ['status', 'new'],
      ['q', '홍'],
    ]);
    expect(form).toMatch(/<input[^>]*required=""[^>]*maxLength="200"[^>]*name="reason"/);
    expect(form).toContain('formAction="/admin/leads/export.csv"');
  });

  it("a number that is a colleague's customer says whose, with a button calling the 담당자's 휴대폰 (or that none is known)", async () => {
    leadConsole.elsewhere = { assigneeName: '이상담', assigneePhone: '01098765432' };
    const { html } = await get('/admin/leads?q=010-5555-0000');
    const notice = /<div class="lead-list-page__elsewhere"[^>]*>([\s\S]*?)<\/div>/.exec(html)?.[1] ?? '';
    expect(textOf(notice)).toContain('다른 상담사의 고객입니다. 담당: 이상담');
    expect(notice).toMatch(/<a[^>]*href="tel:01098765432"[^>]*>이상담 님에게 전화 \(010-9876-5432\)<\/a>/);
    leadConsole.elsewhere = { assigneeName: '이상담', assigneePhone: null };
    expect(textOf((await get('/admin/leads?q=010-5555-0000')).html)).toContain('이상담 님의 휴대폰 번호가 등록되어 있지 않습니다.');
  });

  it('leaves out a filter that is not valid and says so in Korean', async () => {
    const { response, html } = await get('/admin/leads?from=2026-13-45&status=bogus&assignee=%3Cscript%3E');
    expect(response.status).toBe(200);
    expect(leadConsole.listCalls[0].filters).toEqual({});
    expect(textOf(html)).toContain('올바르지 않은 조건은 빼고 보여 드립니다: 접수일 (부터), 상태, 담당자');
  });

  it('담당자 is a choice of 전체, 미배정, 내 고객 and each other account, the one asked for selected', async () => {
    const { html } = await get(`/admin/leads?assignee=${encodeURIComponent(OTHER.email)}`);
    expect(leadConsole.listCalls[0].filters).toEqual({ assignee: OTHER.email });
    const select = /<select[^>]*name="assignee"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? '';
    expect([...select.matchAll(/<option[^>]*value="([^"]*)"[^>]*>([^<]*)</g)].map((match) => [match[1], match[2]])).toEqual([
      ['', '전체'],
      ['none', '미배정'],
      ['me', '내 고객'],
      [OTHER.email, OTHER.name],
      [ADMIN.email, ADMIN.name],
    ]);
    expect(select).toMatch(new RegExp(`<option value="${OTHER.email}" selected="">`));
  });
});

describe('the lead page', () => {
  it('shows every field with the phone masked, and answers an unknown lead with 404', async () => {
    const { response, html } = await get('/admin/leads/lead-1');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const text = textOf(html);
    for (const shown of [
      '홍길동 고객',
      '010-****-6789',
      '84㎡ 상담 원합니다',
      '관심고객 등록 창',
      '2026-11',
      '2026-11-20 14:30',
      'utm_source naver',
      'utm_campaign launch',
      '신규',
    ]) {
      expect(text).toContain(shown);
    }
    expect(html).not.toMatch(UNMASKED_PHONE);
    expect(valueOf(html, 'rev')).toBe('rev-1');
    expect((await get('/admin/leads/nobody')).response.status).toBe(404);
  });

  it('ends with the send log: each message, newest first, its state and why in Korean', async () => {
    const text = textOf((await get('/admin/leads/lead-1')).html);
    const log = text.slice(text.indexOf('알림톡·문자 발송 기록'));
    expect(log).toMatch(
      /상담사 새 고객 알림 2026-11-21 11:00\s*보내지 않음 · 휴대폰 번호 없음.*방문 전날 안내 2026-11-21 10:00\s*실패 · 공급자가 거절함 \(공급자 코드 TemplateNotFound\).*등록 확인 2026-11-20 14:00\s*발송됨 · 3회 시도/s,
    );
  });

  it("offers an admin, and only an admin, to delete the customer's data on request with a 사유; a 상담사's post is refused and changes nothing", async () => {
    expect(textOf((await get('/admin/leads/lead-1')).html)).not.toContain('고객 요청으로 정보 삭제');
    const refused = await post('/admin/leads/lead-1', { intent: 'eraseCustomer', reason: '요청' });
    expect(refused.response.status).toBe(403);
    expect(textOf(refused.html)).toContain('고객 정보 삭제와 동의 철회는 관리자만 할 수 있습니다.');
    expect(erasures).toEqual([]);

    const page = textOf((await get('/admin/leads/lead-1', ADMIN)).html);
    expect(page).toContain('고객 요청으로 정보 삭제');
    expect(page).toContain('되돌릴 수 없습니다');
    const withoutReason = await post('/admin/leads/lead-1', { intent: 'eraseCustomer', reason: '  ' }, ADMIN);
    expect(withoutReason.response.status).toBe(400);
    expect(textOf(withoutReason.html)).toContain('삭제 사유를 입력해 주세요.');
    const erased = await post('/admin/leads/lead-1', { intent: 'eraseCustomer', reason: '고객 전화 요청' }, ADMIN);
    expect(erased.response.status).toBe(302);
    expect(erased.response.headers.get('location')).toBe('/admin/leads');
    expect(erasures).toEqual([{ leadId: 'lead-1', reason: '고객 전화 요청', actor: ADMIN.email }]);
  });

  it('offers an admin to withdraw the marketing consent of the customer at once; a 상담사 is refused', async () => {
    expect((await post('/admin/leads/lead-1', { intent: 'withdrawMarketing' })).response.status).toBe(403);
    expect(withdrawals).toEqual([]);
    const withdrawn = await post('/admin/leads/lead-1', { intent: 'withdrawMarketing' }, ADMIN);
    expect(withdrawn.response.status).toBe(200);
    expect(textOf(withdrawn.html)).toContain('이 고객의 마케팅 수신 동의를 거뒀습니다.');
    expect(withdrawals).toEqual(['lead-1']);
  });

  it('reveals the whole number on a post, focused as the outcome, and keeps the memo being written', async () => {
    const { response, html } = await post('/admin/leads/lead-1', { intent: 'reveal', rev: 'rev-1', memo: '통화 예정' });
    expect(response.status).toBe(200);
    expect(leadConsole.reveals).toEqual(['lead-1']);
    expect(html).toMatch(/<div[^>]*role="status"[^>]*autofocus=""[^>]*>.*전체 번호.*010-2345-6789/);
    expect(memoFieldOf(html)).toBe('통화 예정');
  });

  it('a revealed number stays shown after a save on the page (the form carries that it was revealed)', async () => {
    const revealed = await post('/admin/leads/lead-1', { intent: 'reveal', rev: 'rev-1' });
    expect(valueOf(revealed.html, 'revealed')).toBe('1');
    const { html } = await post('/admin/leads/lead-1', { intent: 'memo', rev: 'rev-1', memo: '통화함', revealed: '1' });
    expect(textOf(html)).toContain('메모를 저장했습니다.');
    expect(html).toContain('010-2345-6789');
    expect(leadConsole.reveals).toEqual(['lead-1', 'lead-1 (kept)']);
  });

  it('the booking panel carries the revealed number too, so booking, moving or cancelling keeps it shown', async () => {
    leadConsole.add({ id: 'lead-2', status: 'visitBooked', visitSlotId: 'slot-1', visitAt: '2026-11-28 14:00', visitSlotStatus: 'booked' });
    const revealed = await post('/admin/leads/lead-2', { intent: 'reveal', rev: leadConsole.leads.get('lead-2')!.rev });
    const bookingForm = /<form[^>]*lead-booking[\s\S]*?<\/form>/.exec(revealed.html)?.[0] ?? '';
    expect(bookingForm).toContain('예약 취소');
    expect(valueOf(bookingForm, 'revealed')).toBe('1');
  });

  it('records a call result with a 재통화 time; a past time or a result off the list: 400 and a Korean message', async () => {
    const saved = await post('/admin/leads/lead-1', { intent: 'call', rev: 'rev-1', callResult: '재통화 요청', callbackAt: '2099-01-02T14:30' });
    expect(saved.response.status).toBe(200);
    expect(textOf(saved.html)).toContain('통화 결과를 저장했습니다.');
    expect(textOf(saved.html)).toContain('재통화 요청 · 재통화 2099-01-02 14:30');
    const past = await post('/admin/leads/lead-1', { intent: 'call', rev: 'rev-2', callResult: '부재', callbackAt: '2020-01-02T14:30' });
    expect(past.response.status).toBe(400);
    expect(textOf(past.html)).toContain('재통화 일시는 지금보다 뒤여야 합니다.');
    expect(past.html).toMatch(/id="lead-callback-at"[^>]*aria-invalid="true"[^>]*aria-describedby="lead-callback-hint lead-callback-error"/);
    // Said beside the field, not only at the top of the page (on a phone the outcome is a screen away).
    expect(textOf(/<div class="lead-work__field">\s*<label for="lead-callback-at"[\s\S]*?<\/div>/.exec(past.html)?.[0] ?? '')).toContain(
      '재통화 일시는 지금보다 뒤여야 합니다.',
    );
    const unknown = await post('/admin/leads/lead-1', { intent: 'call', rev: 'rev-2', callResult: '연결됨' });
    expect(unknown.response.status).toBe(400);
    expect(textOf(unknown.html)).toContain('통화 결과를 목록에서 골라 주세요.');
  });

  it('shows 부재 in a row as "3회 부재" on the list and the page', async () => {
    const call = (at: string) => ({ key: at, result: '부재', callbackAt: null, authorEmail: STAFF.email, authorName: STAFF.name, at });
    leadConsole.add({
      id: 'lead-2',
      name: '김부재',
      status: 'contacting',
      calls: [call('2026-11-21T01:00:00.000Z'), call('2026-11-22T01:00:00.000Z'), call('2026-11-23T01:00:00.000Z')],
      missedCalls: 3,
    });
    const list = textOf((await get('/admin/leads')).html);
    expect(list).toMatch(/김부재 .*3회 부재/);
    expect(textOf((await get('/admin/leads/lead-2')).html)).toContain('마지막 통화 결과: 3회 부재');
  });

  it('a call recorded as 번호 오류 offers 무효 at once; one press saves it from the revision shown', async () => {
    const saved = await post('/admin/leads/lead-1', { intent: 'call', rev: 'rev-1', callResult: '번호 오류' });
    expect(textOf(saved.html)).toContain('마지막 통화가 번호 오류입니다. 연락할 수 없는 번호라면 무효로 바꾸세요.');
    expect(saved.html).toMatch(/<button type="submit" value="markInvalid"[^>]*name="intent">무효로 바꾸기<\/button>/);
    const stale = await post('/admin/leads/lead-1', { intent: 'markInvalid', rev: 'rev-1' });
    expect(stale.response.status).toBe(409);
    const marked = await post('/admin/leads/lead-1', { intent: 'markInvalid', rev: 'rev-2' });
    expect(marked.response.status).toBe(200);
    expect(textOf(marked.html)).toContain('상태를 무효로 바꿨습니다.');
    expect(leadConsole.leads.get('lead-1')).toMatchObject({ status: 'invalid', assignee: null });
    expect(marked.html).not.toContain('value="markInvalid"');
  });

  it('saves a status and assignee change made from the revision shown', async () => {
    const { response, html } = await post('/admin/leads/lead-1', {
      intent: 'change',
      rev: 'rev-1',
      status: 'contacting',
      assignee: STAFF.email,
      assigneeWas: '',
    });
    expect(response.status).toBe(200);
    expect(textOf(html)).toContain('상태와 담당자를 저장했습니다.');
    expect(leadConsole.leads.get('lead-1')).toMatchObject({ status: 'contacting', assignee: { email: STAFF.email } });
    expect(valueOf(html, 'rev')).toBe('rev-2');
  });

  it('refuses a change from a stale revision: 409, a Korean message, the current state, the memo text kept', async () => {
    await post('/admin/leads/lead-1', { intent: 'change', rev: 'rev-1', status: 'consulted', assignee: OTHER.email, assigneeWas: '' }, OTHER);
    const { response, html } = await post('/admin/leads/lead-1', {
      intent: 'change',
      rev: 'rev-1',
      status: 'invalid',
      assignee: '',
      assigneeWas: '',
      memo: '오후에 다시 전화',
    });
    expect(response.status).toBe(409);
    const text = textOf(html);
    expect(text).toContain('다른 직원이 방금 이 고객 정보를 바꿨습니다. 내 변경은 저장되지 않았습니다.');
    expect(text).toContain('지금 상태: 상담 완료, 담당자 이상담.');
    expect(text).toContain('저장하려던 값: 상태 무효, 담당자 없음.');
    expect(html).toMatch(/<div[^>]*role="alert"[^>]*autofocus=""/);
    expect(memoFieldOf(html)).toBe('오후에 다시 전화');
    // The form now carries the current revision and state: saving again is an informed choice.
    expect(valueOf(html, 'rev')).toBe('rev-2');
    expect(html).toMatch(/<option value="consulted" selected="">상담 완료<\/option>/);
    expect(leadConsole.leads.get('lead-1')?.status).toBe('consulted');
  });

  it('adds a memo to the history and empties the field; an empty or unknown post gets a Korean 400', async () => {
    const saved = await post('/admin/leads/lead-1', { intent: 'memo', rev: 'rev-1', memo: '  모델하우스 토요일 방문 희망  ' });
    expect(saved.response.status).toBe(200);
    expect(textOf(saved.html)).toContain('메모를 저장했습니다.');
    expect(textOf(saved.html)).toMatch(/김상담 2026-11-21 10:00 모델하우스 토요일 방문 희망/);
    expect(memoFieldOf(saved.html)).toBe('');

    const empty = await post('/admin/leads/lead-1', { intent: 'memo', memo: '   ' });
    expect(empty.response.status).toBe(400);
    expect(textOf(empty.html)).toContain('메모 내용을 입력해 주세요.');

    const forged = await post('/admin/leads/lead-1', {
      intent: 'change',
      rev: 'rev-2',
      status: 'new',
      assignee: 'boss@elsewhere.example',
      assigneeWas: '',
      memo: '남길 메모',
    });
    expect(forged.response.status).toBe(400);
    expect(textOf(forged.html)).toContain('상태나 담당자 값이 올바르지 않습니다.');
    expect(memoFieldOf(forged.html)).toBe('남길 메모');

    const unknown = await post('/admin/leads/lead-1', { intent: 'delete' });
    expect(unknown.response.status).toBe(400);
    expect(textOf(unknown.html)).toContain('알 수 없는 요청입니다.');
  });
});

describe('the accounts page', () => {
  it('shows the day an account was made in Seoul, not in UTC', async () => {
    const { response, html } = await get('/admin/accounts', ADMIN);
    expect(response.status).toBe(200);
    const card = textOf(html).split(ADMIN.email)[1] ?? '';
    expect(card).toContain('2026-11-26');
    expect(card).not.toContain('2026-11-25');
  });
});

describe('the audit page', () => {
  it("names each record's customer masked and reads its change in words, one customer's records only with ?lead=", async () => {
    leadConsole.add({ id: 'lead-2', name: '남궁민수' });
    await audit.record({ actor: STAFF.email, action: 'leadChange', ip: '10.0.0.1', target: 'lead-1', detail: 'status=contacting' });
    await audit.record({ actor: STAFF.email, action: 'leadChange', ip: '10.0.0.1', target: 'lead-2', detail: '상태 신규 → 연락 중, 담당자 없음 → 김상담' });
    const all = textOf((await get('/admin/audit', ADMIN)).html);
    expect(all).toContain('홍*동');
    expect(all).toContain('남**수');
    expect(all).toContain('상태 → 연락 중');
    expect(all).toContain('상태 신규 → 연락 중, 담당자 없음 → 김상담');
    expect(all).not.toContain('홍길동');
    const one = textOf((await get('/admin/audit?lead=lead-1', ADMIN)).html);
    expect(one).toContain('홍*동 고객의 기록만 봅니다.');
    expect(one).not.toContain('남**수');
  });

  it('고객으로 찾기: one match goes to its records by lead id (the number stays out of the address), several are offered, none is said', async () => {
    const found = await post('/admin/audit', { customer: '010-1234-5678' }, ADMIN);
    expect(found.response.status).toBe(302);
    expect(found.response.headers.get('location')).toBe('/admin/audit?lead=lead-1');
    expect(leadConsole.listCalls.at(-1)).toEqual({ filters: { q: '010-1234-5678' }, cursor: undefined });
    leadConsole.add({ id: 'lead-2', name: '홍길순' });
    const several = await post('/admin/audit', { customer: '홍' }, ADMIN);
    expect(several.response.status).toBe(200);
    expect(textOf(several.html)).toContain('맞는 고객 2명 이상: 기록을 볼 고객을 고르세요.');
    expect(decode(several.html)).toContain('href="/admin/audit?lead=lead-2"');
    expect(textOf(several.html)).toContain('홍*순');
    const empty = await post('/admin/audit', { customer: ' ' }, ADMIN);
    expect(empty.response.status).toBe(400);
    expect(textOf(empty.html)).toContain('고객 이름이나 전화번호를 입력해 주세요.');
    const sales = await post('/admin/audit', { customer: '홍' });
    expect(sales.response.status).toBe(403);
  });
});
