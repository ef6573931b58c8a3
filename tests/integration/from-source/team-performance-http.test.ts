/**
 * GET /admin/stats/team.csv: 상담사별 실적 of a range as CSV for a 팀장 or an admin giving a 사유
 * (recorded with it), the day's numbers as the store counts them, a name that a spreadsheet would
 * run as a formula made inert; a 상담사 refused with 403 in Korean, signed out 401 (or the sign-in
 * page for a browser), a range that is not one 400 in Korean.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffIdentity } from '../../../web/shared/staff-roles';
import { DEFAULT_CALL_RESULTS } from '../../../web/shared/call-results';
import { seoulDay } from '../../../web/shared/seoul-time';
import { register } from '../../../web/server/customers/registration';
import { CustomerWork } from '../../../web/server/customers/customer-work';
import { teamPerformanceOf } from '../../../web/server/console/team-performance';
import type { SalesDatabase } from '../../../web/server/database/index';
import { inMemorySalesDatabase } from '../../support/sales-database';
import { rawRequest, type RawResponse } from '../../support/http';
import { MemoryAuditTrail } from '../../support/memory-audit-trail';
import { randomBytes } from 'node:crypto';
import { appRoutes } from '../../support/source-modules';
import { consoleDownloads } from '../../../web/server/app/downloads';
import type { StaffAuth } from '../../../web/server/auth/staff-auth';
import type { LeadConsole } from '../../../web/server/console/types';
import { leadSearchAddress } from '../../../web/server/console/search-address';
import { campaignStatsOf } from '../../../web/server/measurement/stats';

const manager: StaffIdentity = { email: 'boss@example.com', name: '박팀장', role: 'manager' };
const admin: StaffIdentity = { email: 'admin@example.com', name: '관리자', role: 'admin' };
const salesStaff: StaffIdentity = { email: 'kim@example.com', name: '=HYPERLINK("http://evil.kr")', role: 'sales' };
const SIGNED_IN: Record<string, StaffIdentity> = { manager, admin, sales: salesStaff };
const audit = new MemoryAuditTrail();
const today = seoulDay(Date.now());
const json = (response: RawResponse) => JSON.parse(response.body.toString('utf8')) as { error: string; message: string };
const HANGUL = /[가-힣]/;

let sales: SalesDatabase;
let server: http.Server;
let url: string;

beforeAll(async () => {
  sales = await inMemorySalesDatabase();
  const staff = { list: async () => [manager, admin, salesStaff].map((who) => ({ ...who, disabled: false, createdAt: '2026-01-01T00:00:00.000Z' })) };
  const downloads = consoleDownloads({
    // Only 상담사별 실적 is downloaded here.
    leadConsole: {} as LeadConsole,
    leadSearch: leadSearchAddress(randomBytes(32)),
    audit,
    campaignStats: campaignStatsOf({ sales }),
    teamPerformance: teamPerformanceOf({ sales, staff, callResults: async () => [...DEFAULT_CALL_RESULTS] }),
  });
  const session = (request: Request) => SIGNED_IN[String(request.headers.get('x-test-signed-in'))] ?? null;
  const render = await appRoutes((req) => ({ auth: { session } as unknown as StaffAuth, downloads, clientIp: req.ip ?? '' }));
  const app = express();
  app.use(render);
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // Today: one customer given to the 상담사, who records a 부재 call.
  const outcome = await register(
    sales,
    {
      id: 'lead-team',
      name: '한고객',
      phone: '01012345678',
      createdAt: new Date().toISOString(),
      formKind: 'popup',
      consent: { marketing: false, noticeVersion: '2026-11', agreedAt: new Date().toISOString() },
    },
    { assignee: { email: salesStaff.email, name: salesStaff.name }, today },
  );
  if (outcome.status !== 'created') throw new Error(outcome.status);
  const version = (await sales.db.selectFrom('customers').select('version').where('id', '=', outcome.customerId).executeTakeFirstOrThrow()).version;
  const kim = { ...salesStaff, ip: '10.0.0.1', visibleTo: salesStaff.email, takesColleagues: false };
  expect(await new CustomerWork(sales).recordCall(outcome.customerId, { version, result: '부재', callbackAt: null }, kim)).toMatchObject({ ok: true });
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await sales?.close();
});

describe('the 상담사별 실적 export', () => {
  it("is today's table as CSV for a 팀장 or an admin giving a 사유, recorded with it; a name starting a formula is inert", async () => {
    for (const who of ['manager', 'admin']) {
      const csv = await rawRequest(url, {
        path: `/admin/stats/team.csv?reason=${encodeURIComponent('일일 실적 보고')}`,
        headers: { 'x-test-signed-in': who, accept: 'text/csv' },
      });
      expect(csv.status).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toBe(`attachment; filename="team-${today}-${today}.csv"`);
      expect(csv.headers['cache-control']).toContain('no-store');
      const lines = csv.body.toString('utf8').split('\r\n');
      expect(lines[0]).toBe('\uFEFF"일자","상담사","이메일","배정","통화","통화 완료","부재","재통화 요청","관심 없음","번호 오류","방문 예약","방문","계약"');
      expect(lines[1]).toBe(`"${today}","'=HYPERLINK(""http://evil.kr"")","kim@example.com","1","1","0","1","0","0","0","0","0","0"`);
      expect(lines[2]).toBe(`"${today} ~ ${today}","합계","","1","1","0","1","0","0","0","0","0","0"`);
    }
    expect(audit.entries.map(({ actor, action, detail }) => ({ actor, action, detail }))).toEqual(
      [manager, admin].map((who) => ({ actor: who.email, action: 'teamStatsExport', detail: `${today}~${today} · 사유: 일일 실적 보고` })),
    );
  });

  it('refuses a 상담사 (403), no 사유, a range that is not one (400), signed out (401, a browser to the sign-in): each in Korean, nothing recorded', async () => {
    const recorded = audit.entries.length;
    const refusedSales = await rawRequest(url, {
      path: '/admin/stats/team.csv?reason=x',
      headers: { 'x-test-signed-in': 'sales', accept: 'application/json' },
    });
    expect(refusedSales.status).toBe(403);
    expect(json(refusedSales)).toEqual({ error: 'staffRoleForbidden', message: '상담사별 실적은 팀장과 관리자만 볼 수 있습니다.' });
    const noReason = await rawRequest(url, { path: '/admin/stats/team.csv', headers: { 'x-test-signed-in': 'manager' } });
    expect(noReason.status).toBe(400);
    expect(json(noReason)).toEqual({ error: 'reasonRequired', message: '내려받는 사유를 입력해 주세요.' });
    for (const query of ['teamFrom=yesterday', 'teamFrom=2026-11-02&teamTo=2026-11-01', 'teamFrom=2026-01-01&teamTo=2026-12-31']) {
      const bad = await rawRequest(url, { path: `/admin/stats/team.csv?${query}&reason=x`, headers: { 'x-test-signed-in': 'manager' } });
      expect(bad.status, query).toBe(400);
      expect(json(bad).message, query).toMatch(HANGUL);
    }
    const signedOut = await rawRequest(url, { path: '/admin/stats/team.csv', headers: { accept: 'application/json' } });
    expect(signedOut.status).toBe(401);
    expect(json(signedOut).message).toMatch(HANGUL);
    const browser = await rawRequest(url, { path: '/admin/stats/team.csv?teamFrom=2026-11-01', headers: { accept: 'text/html' } });
    expect(browser.status).toBe(303);
    expect(browser.headers.location).toBe(`/admin?next=${encodeURIComponent('/admin/stats?teamFrom=2026-11-01')}`);
    expect(audit.entries).toHaveLength(recorded);
  });
});
