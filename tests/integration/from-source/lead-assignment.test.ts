/**
 * Who sees and takes which customer, over the customer tables on SQLite and PostgreSQL: a
 * 상담사 sees their own and unassigned leads unless the settings open all, and takes a colleague's
 * only when the settings allow; a 팀장 assigns anyone's, in bulk too, and hands a leaving
 * account's leads over; every reassignment is recorded naming the previous and the new 담당자.
 * And the automatic assignment of new leads: a fair rotation among active 상담사, also when two
 * instances share one PostgreSQL database.
 */
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { LeadDetail } from '../../../web/shared/lead-dto';
import type { LeadFilters } from '../../../web/shared/lead-filters';
import type { StaffAccountSummary } from '../../../web/server/auth/staff-accounts';
import type { ContentSource, Mutation } from '../../../web/server/content/types';
import { salesDatabaseOnPostgres } from '../../../web/server/database/index';
import { migrate } from '../../../web/server/postgres/index';
import { LeadConsoleService } from '../../../web/server/console/lead-console';
import { assignmentParticipants, roundRobinAssigner } from '../../../web/server/console/round-robin';
import { assignmentSettingsOf, carryStudioRoundRobin, distributeEvenly, saveAssignmentSettings } from '../../../web/server/customers/team-assignment';
import type { SalesDatabase } from '../../../web/server/database/index';
import { releaseLeadsOfDisabledAccounts } from '../../../web/server/console/disabled-assignees';
import type { StaffActor } from '../../../web/server/console/types';
import { freshDatabaseUrl } from '../../support/postgres';
import { FIXTURE_TODAY, fixtureDocuments, seedFixture, type FixtureLead } from '../../support/lead-console-fixture';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';
import { LEAD_STORES, startLeadApp, validBody, type LeadApp } from '../../support/leads-harness';

const documents = fixtureDocuments(40, FIXTURE_TODAY);
const fixtureLeads = documents.filter((document): document is FixtureLead => document._type === 'lead');

const kim: StaffActor = { email: 'kim@example.com', name: '김상담', role: 'sales', ip: '10.0.0.1' };
const lee: StaffActor = { email: 'lee@example.com', name: '이상담', role: 'sales', ip: '10.0.0.2' };
const boss: StaffActor = { email: 'boss@example.com', name: '박팀장', role: 'manager', ip: '10.0.0.3' };
const account = (actor: StaffActor, disabled = false): StaffAccountSummary => ({
  email: actor.email,
  name: actor.name,
  role: actor.role,
  disabled,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const STAFF = [account(kim), account(lee), account(boss)];

const ofKim = fixtureLeads.filter((lead) => lead.assignee?.email === kim.email);
const ofLee = fixtureLeads.filter((lead) => lead.assignee?.email === lee.email);
const unassigned = fixtureLeads.filter((lead) => !lead.assignee);

function settings(content: ContentSource, values: { salesSeeAllLeads?: boolean; salesTakeColleagueLeads?: boolean }) {
  return content.mutate([{ createOrReplace: { _id: 'leadSettings', _type: 'leadSettings', ...values } } as Mutation]);
}

/** The 팀장 turns automatic assignment on or off on the console (everyone taking part). */
const roundRobin = (sales: SalesDatabase, on: boolean) => saveAssignmentSettings(sales, { roundRobin: on, optedOut: [] }, boss);

for (const [databaseName, open] of Object.entries(CONSOLE_DATABASES)) {
  describe(`lead assignment on ${databaseName}`, () => {
    let database: ConsoleSales;
    let service: LeadConsoleService;
    let customerOf: Map<string, string>;
    let seeded: number;

    beforeEach(async () => {
      database = await open();
      customerOf = await seedFixture(database.sales, documents, FIXTURE_TODAY);
      seeded = Number((await database.rows<{ seq: number | string | null }>(`SELECT max(seq) AS seq FROM audit_events`))[0].seq ?? 0);
      service = new LeadConsoleService({ sales: database.sales, content: database.content, audit: database.audit, staff: { list: async () => STAFF } });
    });
    afterEach(async () => {
      await database.close();
    });

    const idOf = (lead: FixtureLead) => customerOf.get(lead._id)!;
    const audited = async () =>
      (
        await database.rows<{ seq: number | string; actor: string; action: string; target: string | null; detail: string | null }>(
          `SELECT seq, actor, action, target, detail FROM audit_events ORDER BY seq`,
        )
      ).filter((row) => Number(row.seq) > seeded);
    const changes = async () => (await audited()).filter((entry) => entry.action === 'leadChange');
    const ids = async (filters: LeadFilters, actor: StaffActor) => {
      const page = await service.list(filters, { limit: 200 }, actor);
      return { ids: page.rows.map((row) => row.id).sort(), total: page.total };
    };
    const sorted = (leads: FixtureLead[]) => leads.map(idOf).sort();
    const assigneeOf = async (id: string) => ((await service.lead(id, boss)) as LeadDetail).assignee?.email ?? null;
    const revOf = async (id: string) => ((await service.lead(id, boss)) as LeadDetail).rev;

    it('a 상담사 sees their own and unassigned leads (list, total, lead page); a 팀장 all; the setting opens all', async () => {
      const own = sorted([...ofKim, ...unassigned]);
      expect(await ids({}, kim)).toEqual({ ids: own, total: own.length });
      expect(await ids({ assignee: lee.email }, kim)).toEqual({ ids: [], total: 0 });
      expect(await ids({}, boss)).toEqual({ ids: sorted(fixtureLeads), total: fixtureLeads.length });

      const colleagues = idOf(ofLee[0]);
      expect(await service.lead(colleagues, kim)).toBe('forbidden');
      expect(await service.lead(ofKim[0]._id, kim)).toMatchObject({ id: idOf(ofKim[0]) });
      expect(await service.lead(unassigned[0]._id, kim)).toMatchObject({ id: idOf(unassigned[0]) });
      expect(await service.revealPhone(colleagues, kim)).toBeNull();
      expect(await service.addMemo(colleagues, '몰래 쓰는 메모', kim)).toEqual({ ok: false, error: 'notYours' });
      const rev = await revOf(colleagues);
      expect(await service.recordCall(colleagues, { rev, result: '부재' }, kim)).toEqual({ ok: false, error: 'notYours' });
      expect(await service.change(colleagues, { rev, status: 'invalid' }, kim)).toEqual({ ok: false, error: 'notYours' });
      // A made-up revision is refused as the lead's own, not answered with the lead as it is now.
      for (const attempt of [
        service.change(colleagues, { rev: 'bogus', status: 'invalid' }, kim),
        service.recordCall(colleagues, { rev: 'bogus', result: '부재' }, kim),
        service.checkIn(colleagues, 'bogus', kim),
      ]) {
        expect(await attempt).toEqual({ ok: false, error: 'notYours' });
      }
      expect(await service.access(colleagues, kim)).toBe('forbidden');
      // Nothing about the colleague's lead was read or written in the 상담사's name.
      expect((await audited()).filter((entry) => entry.actor === kim.email && entry.target === colleagues)).toEqual([]);
      expect(await assigneeOf(colleagues)).toBe(lee.email);

      await settings(database.content, { salesSeeAllLeads: true });
      expect(await ids({}, kim)).toEqual({ ids: sorted(fixtureLeads), total: fixtureLeads.length });
      expect(await service.lead(colleagues, kim)).toMatchObject({ id: colleagues });
    });

    it("a 상담사 takes an unassigned lead, not a colleague's unless the setting allows (and then only for themselves)", async () => {
      const free = idOf(unassigned[0]);
      expect(await service.change(free, { rev: await revOf(free), assigneeEmail: kim.email }, kim)).toMatchObject({
        ok: true,
        lead: { assignee: { email: kim.email } },
      });
      const colleagues = idOf(ofLee[0]);
      await settings(database.content, { salesSeeAllLeads: true });
      expect(await service.change(colleagues, { rev: await revOf(colleagues), assigneeEmail: kim.email }, kim)).toEqual({ ok: false, error: 'notYours' });
      expect(await service.change(colleagues, { rev: await revOf(colleagues), assigneeEmail: null }, kim)).toEqual({ ok: false, error: 'notYours' });
      await settings(database.content, { salesSeeAllLeads: true, salesTakeColleagueLeads: true });
      expect(await service.change(colleagues, { rev: await revOf(colleagues), assigneeEmail: boss.email }, kim)).toEqual({ ok: false, error: 'notYours' });
      expect(await service.change(colleagues, { rev: await revOf(colleagues), assigneeEmail: kim.email }, kim)).toMatchObject({ ok: true });
      expect(await assigneeOf(colleagues)).toBe(kim.email);
      expect((await changes()).map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual([
        { actor: kim.email, target: free, detail: '담당자 없음 → 김상담(kim@example.com)' },
        { actor: kim.email, target: colleagues, detail: '담당자 이상담(lee@example.com) → 김상담(kim@example.com)' },
      ]);
    });

    it('bulk: a 팀장 assigns many leads at once, one record per lead naming the previous and the new 담당자', async () => {
      const chosen = [ofKim[0], ofLee[0], unassigned[0], unassigned[1]];
      expect(
        await service.assign(
          chosen.map((lead) => lead._id),
          lee.email,
          boss,
        ),
      ).toEqual({ ok: true, assigned: 4, refused: 0 });
      for (const lead of chosen) expect(await assigneeOf(lead._id)).toBe(lee.email);
      const records = await changes();
      expect(records.map(({ actor, target, detail }) => ({ actor, target, detail }))).toEqual(
        // ofLee[0] was lee's already: nothing changes, and it is still recorded as the 팀장's act.
        chosen.map((lead) => ({
          actor: boss.email,
          target: idOf(lead),
          detail: `담당자 ${lead.assignee ? `${lead.assignee.name}(${lead.assignee.email})` : '없음'} → 이상담(lee@example.com)`,
        })),
      );
      expect(await service.assign([chosen[0]._id], null, boss)).toEqual({ ok: true, assigned: 1, refused: 0 });
      expect(await assigneeOf(chosen[0]._id)).toBeNull();
      // No such account, or more leads than a page: nothing is assigned.
      expect(await service.assign([unassigned[2]._id], 'nobody@example.com', boss)).toEqual({ ok: false, error: 'invalid' });
      expect(
        await service.assign(
          Array.from({ length: 500 }, (_, index) => `lead-${index}`),
          kim.email,
          boss,
        ),
      ).toEqual({ ok: false, error: 'invalid' });
      expect(await assigneeOf(unassigned[2]._id)).toBeNull();
    });

    it("bulk: a 상담사 taking colleagues' leads along with free ones gets the free ones; the others are counted refused", async () => {
      const chosen = [unassigned[3], ofLee[1], unassigned[4], ofLee[2]];
      expect(
        await service.assign(
          chosen.map((lead) => lead._id),
          kim.email,
          kim,
        ),
      ).toEqual({ ok: true, assigned: 2, refused: 2 });
      expect(await assigneeOf(unassigned[3]._id)).toBe(kim.email);
      expect(await assigneeOf(ofLee[1]._id)).toBe(lee.email);
    });

    it("hand-over: every lead of a leaving account goes to the one chosen (or 미배정), each recorded; not a 상담사's to do", async () => {
      expect(await service.handOver(lee.email, kim.email, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await service.handOver(lee.email, kim.email, boss)).toEqual({ ok: true, assigned: ofLee.length, refused: 0 });
      expect(await ids({ assignee: lee.email }, boss)).toEqual({ ids: [], total: 0 });
      expect((await ids({ assignee: kim.email }, boss)).ids).toEqual(sorted([...ofKim, ...ofLee]));
      const records = await changes();
      expect(records.map((entry) => entry.target).sort()).toEqual(sorted(ofLee));
      expect(new Set(records.map((entry) => entry.detail))).toEqual(new Set(['담당자 이상담(lee@example.com) → 김상담(kim@example.com)']));
      expect(await service.handOver(kim.email, null, boss)).toEqual({ ok: true, assigned: ofKim.length + ofLee.length, refused: 0 });
      expect((await ids({ assignee: 'none' }, boss)).total).toBe(fixtureLeads.length);
    });

    it("hand-over by a 팀장: a 상담사's customers to a 상담사, at once with one record naming the count; never a 관리자's or a 팀장's, nor to a disabled account", async () => {
      const admin: StaffActor = { email: 'admin@example.com', name: '최관리', role: 'admin', ip: '10.0.0.4' };
      const otherBoss: StaffActor = { email: 'boss2@example.com', name: '윤팀장', role: 'manager', ip: '10.0.0.5' };
      const gone: StaffActor = { email: 'gone@example.com', name: '퇴사자', role: 'sales', ip: '10.0.0.6' };
      const team = new LeadConsoleService({
        sales: database.sales,
        content: database.content,
        audit: database.audit,
        staff: { list: async () => [...STAFF, account(admin), account(otherBoss), account(gone, true)] },
      });
      expect(await team.assign([idOf(unassigned[0])], admin.email, boss)).toMatchObject({ ok: true, assigned: 1 });
      expect(await team.assign([idOf(unassigned[1])], otherBoss.email, boss)).toMatchObject({ ok: true, assigned: 1 });
      const before = await audited();
      expect(await team.handOver(admin.email, kim.email, boss)).toEqual({ ok: false, error: 'forbidden' });
      expect(await team.handOver(otherBoss.email, kim.email, boss)).toEqual({ ok: false, error: 'forbidden' });
      expect(await team.handOver(lee.email, otherBoss.email, boss)).toEqual({ ok: false, error: 'forbidden' });
      expect(await team.handOver(lee.email, gone.email, boss)).toEqual({ ok: false, error: 'invalid' });
      expect(await team.handOver(lee.email, kim.email, kim)).toEqual({ ok: false, error: 'invalid' });
      expect(await audited()).toEqual(before);
      expect((await ids({ assignee: admin.email }, boss)).total).toBe(1);
      expect((await ids({ assignee: lee.email }, boss)).total).toBe(ofLee.length);

      expect(await team.handOver(lee.email, kim.email, boss)).toEqual({ ok: true, assigned: ofLee.length, refused: 0 });
      expect(await ids({ assignee: lee.email }, boss)).toEqual({ ids: [], total: 0 });
      const summaries = (await audited()).filter((entry) => entry.action === 'leadHandOver');
      expect(summaries).toEqual([
        expect.objectContaining({ actor: boss.email, target: lee.email, detail: `이상담(lee@example.com) → 김상담(kim@example.com): 고객 ${ofLee.length}명` }),
      ]);
      // The 관리자 still hands anyone's over, to anyone active.
      expect(await team.handOver(otherBoss.email, admin.email, admin)).toEqual({ ok: true, assigned: 1, refused: 0 });
    });

    it("an account disabled outside the console (the CLI) has its leads returned to 미배정 by the server, recorded; one disabled just now is left to the console's hand-over", async () => {
      const now = Date.parse('2026-03-01T00:10:00.000Z');
      const disabledLongAgo = { ...account(lee, true), updatedAt: '2026-03-01T00:08:00.000Z' };
      const disabledJustNow = { ...account(kim, true), updatedAt: '2026-03-01T00:09:30.000Z' };
      const staff = { list: async () => [disabledLongAgo, disabledJustNow, account(boss)] };
      expect(await releaseLeadsOfDisabledAccounts(staff, service, now)).toBe(ofLee.length);
      expect(await ids({ assignee: lee.email }, boss)).toEqual({ ids: [], total: 0 });
      expect((await ids({ assignee: kim.email }, boss)).ids).toEqual(sorted(ofKim));
      const records = await changes();
      expect(records.map((entry) => entry.target).sort()).toEqual(sorted(ofLee));
      expect(new Set(records.map((entry) => [entry.actor, entry.detail].join(' ')))).toEqual(new Set(['system 담당자 이상담(lee@example.com) → 없음']));
      // Nothing left: the next round changes and records nothing.
      expect(await releaseLeadsOfDisabledAccounts(staff, service, now)).toBe(0);
      expect(await changes()).toHaveLength(ofLee.length);
    });

    it('round-robin: off by default; on, new leads go to active 상담사 in turn (not to a 팀장, an admin or a disabled account)', async () => {
      const park: StaffActor = { ...kim, email: 'park@example.com', name: '박상담' };
      const gone: StaffActor = { ...kim, email: 'aaa@example.com', name: '퇴사자' };
      const staff = {
        list: async () => [...STAFF, account(park), account(gone, true), { ...account(boss), email: 'admin@example.com', role: 'admin' as const }],
      };
      const next = roundRobinAssigner({ sales: database.sales, staff });
      expect(await next()).toBeNull();
      await roundRobin(database.sales, true);
      const turns = [];
      for (let index = 0; index < 6; index += 1) turns.push((await next())?.email);
      expect(turns).toEqual([kim.email, lee.email, park.email, kim.email, lee.email, park.email]);
      // At once, each still gets one turn in three.
      const together = await Promise.all(Array.from({ length: 9 }, () => next()));
      const counts = new Map<string, number>();
      for (const assignee of together) counts.set(assignee!.email, (counts.get(assignee!.email) ?? 0) + 1);
      expect(Object.fromEntries(counts)).toEqual({ [kim.email]: 3, [lee.email]: 3, [park.email]: 3 });
    });

    it('the 팀장 sets automatic assignment on the console: who is left out takes no turn; each change one audit record', async () => {
      const park: StaffActor = { ...kim, email: 'park@example.com', name: '박상담' };
      const staff = { list: async () => [...STAFF, account(park)] };
      expect(await assignmentSettingsOf(database.sales)).toEqual({ roundRobin: false, optedOut: [] });
      await saveAssignmentSettings(database.sales, { roundRobin: true, optedOut: [lee.email] }, boss);
      expect(await assignmentSettingsOf(database.sales)).toEqual({ roundRobin: true, optedOut: [lee.email] });
      expect(await assignmentParticipants(database.sales, staff)).toEqual([
        { email: kim.email, name: kim.name },
        { email: park.email, name: park.name },
      ]);
      const next = roundRobinAssigner({ sales: database.sales, staff });
      const turns = [];
      for (let index = 0; index < 4; index += 1) turns.push((await next())?.email);
      expect(turns).toEqual([kim.email, park.email, kim.email, park.email]);
      await saveAssignmentSettings(database.sales, { roundRobin: false, optedOut: [] }, boss);
      expect(await next()).toBeNull();
      expect((await audited()).filter((entry) => entry.action === 'assignmentSettings').map(({ actor, detail }) => ({ actor, detail }))).toEqual([
        { actor: boss.email, detail: `자동 배정 켬, 제외: ${lee.email}` },
        { actor: boss.email, detail: '자동 배정 끔' },
      ]);
      // An older release's Studio switch is carried over only while the console never set it.
      expect(await carryStudioRoundRobin(database.sales, true)).toBe(false);
      expect((await assignmentSettingsOf(database.sales)).roundRobin).toBe(false);
    });

    it("an older release's Studio switch, on, is carried over once: on until the console sets it", async () => {
      expect(await carryStudioRoundRobin(database.sales, false)).toBe(false);
      expect((await assignmentSettingsOf(database.sales)).roundRobin).toBe(false);
      expect(await carryStudioRoundRobin(database.sales, true)).toBe(true);
      expect((await assignmentSettingsOf(database.sales)).roundRobin).toBe(true);
      await saveAssignmentSettings(database.sales, { roundRobin: false, optedOut: [] }, boss);
      expect(await carryStudioRoundRobin(database.sales, true)).toBe(false);
      expect((await assignmentSettingsOf(database.sales)).roundRobin).toBe(false);
    });

    it('균등 배분: every 미배정 customer split evenly (the extra ones to whoever has fewest), one audit record naming the counts', async () => {
      const park: StaffActor = { ...kim, email: 'park@example.com', name: '박상담' };
      const participants = [kim, lee, park].map(({ email, name }) => ({ email, name }));
      const unassignedIds = sorted(unassigned);
      const loads = new Map([
        [kim.email, ofKim.length],
        [lee.email, ofLee.length],
        [park.email, 0],
      ]);
      const result = await distributeEvenly(database.sales, 'unassigned', participants, boss);
      expect(result.total).toBe(unassignedIds.length);
      const per = Object.fromEntries(result.counts.map((entry) => [entry.email, entry.count]));
      const floor = Math.floor(unassignedIds.length / 3);
      for (const count of Object.values(per)) expect([floor, floor + 1]).toContain(count);
      // 박상담 had none: the first extra one is theirs.
      if (unassignedIds.length % 3) expect(per[park.email]).toBe(floor + 1);
      expect((await ids({ assignee: 'none' }, boss)).total).toBe(0);
      for (const participant of participants) {
        expect((await ids({ assignee: participant.email }, boss)).total).toBe((loads.get(participant.email) ?? 0) + per[participant.email]);
      }
      const records = (await audited()).filter((entry) => entry.action === 'leadDistribute');
      expect(records).toEqual([
        expect.objectContaining({
          actor: boss.email,
          target: null,
          detail: `균등 배분 ${unassignedIds.length}명: ${result.counts.map((entry) => `${entry.name}(${entry.email}) ${entry.count}명`).join(', ')}`,
        }),
      ]);
      // Each customer's history names the 팀장 who gave it.
      const history = await database.rows<{ by_email: string | null }>(
        `SELECT by_email FROM assignments WHERE customer_id = '${unassignedIds[0]}' ORDER BY at DESC`,
      );
      expect(history[0].by_email).toBe(boss.email);
      // Nothing left to split: no record.
      expect(await distributeEvenly(database.sales, 'unassigned', participants, boss)).toMatchObject({ total: 0 });
      expect((await audited()).filter((entry) => entry.action === 'leadDistribute')).toHaveLength(1);
    });

    it('균등 배분 of a selection: the chosen customers, two 상담사, 3 and 3', async () => {
      const chosen = [...ofKim.slice(0, 3), ...unassigned.slice(0, 3)].map(idOf);
      const result = await distributeEvenly(
        database.sales,
        { customerIds: chosen },
        [kim, lee].map(({ email, name }) => ({ email, name })),
        boss,
      );
      expect(result.total).toBe(6);
      expect(result.counts.map((entry) => entry.count)).toEqual([3, 3]);
      for (const id of chosen) expect([kim.email, lee.email]).toContain(await assigneeOf(id));
    });

    it('균등 배분 tells each 상담사 once how many they got: one outbox row per 상담사 (none for one who got none), committed with the distribution', async () => {
      const park: StaffActor = { ...kim, email: 'park@example.com', name: '박상담' };
      const messagesBefore = await database.rows<{ key: string }>(`SELECT key FROM lead_messages`);
      const chosen = unassigned.slice(0, 5).map(idOf);
      const result = await distributeEvenly(
        database.sales,
        { customerIds: chosen },
        [kim, lee, park].map(({ email, name }) => ({ email, name })),
        boss,
      );
      expect(result.total).toBe(5);
      const rows = (
        await database.rows<{ key: string; lead_id: string; event: string; recipient: string | null; status: string }>(
          `SELECT key, lead_id, event, recipient, status FROM lead_messages ORDER BY recipient`,
        )
      ).filter((row) => !messagesBefore.some((before) => before.key === row.key));
      const received = result.counts.filter((entry) => entry.count > 0);
      expect(rows.map(({ event, recipient, status }) => ({ event, recipient, status }))).toEqual(
        received
          .map((entry) => ({ event: 'staffDistribution', recipient: entry.email, status: 'pending' }))
          .sort((a, b) => (a.recipient < b.recipient ? -1 : 1)),
      );
      // Each row names the distribution, whose assignment rows say how many each 상담사 got (what the message says).
      for (const entry of received) {
        const row = rows.find((candidate) => candidate.recipient === entry.email)!;
        const given = await database.rows<{ count: number | string }>(
          `SELECT count(*) AS count FROM assignments WHERE distribution_id = '${row.lead_id}' AND assignee_email = '${entry.email}'`,
        );
        expect(Number(given[0].count)).toBe(entry.count);
      }
      expect(new Set(rows.map((row) => row.lead_id)).size).toBe(1);

      // One that cannot be recorded sends nothing: the outbox rows go with the distribution's transaction.
      await database.refuseAudit();
      await expect(
        distributeEvenly(
          database.sales,
          'unassigned',
          [kim, lee].map(({ email, name }) => ({ email, name })),
          boss,
        ),
      ).rejects.toThrow();
      expect((await database.rows<{ key: string }>(`SELECT key FROM lead_messages`)).length).toBe(messagesBefore.length + rows.length);
    });
  });
}

describe('round-robin on one PostgreSQL database shared by two instances', () => {
  const closers: Array<() => Promise<void>> = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  it('takes turns from one rotation: 12 new leads at once over both instances give each of 3 상담사 exactly 4', async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    const park: StaffActor = { ...kim, email: 'park@example.com', name: '박상담' };
    const staff = { list: async () => [account(kim), account(lee), account(park), account(boss)] };
    const instance = () => {
      const pool = new pg.Pool({ connectionString: url, max: 4 });
      closers.push(() => pool.end());
      return salesDatabaseOnPostgres(pool);
    };
    const [first, second] = [instance(), instance()];
    // Set on one instance, it holds on the other: the switch is a row of the database they share.
    await roundRobin(first, true);
    const [onFirst, onSecond] = [roundRobinAssigner({ sales: first, staff }), roundRobinAssigner({ sales: second, staff })];
    const assigned = await Promise.all(Array.from({ length: 12 }, (_, index) => (index % 2 ? onSecond : onFirst)()));
    const counts = new Map<string, number>();
    for (const assignee of assigned) counts.set(assignee!.email, (counts.get(assignee!.email) ?? 0) + 1);
    expect(Object.fromEntries(counts)).toEqual({ [kim.email]: 4, [lee.email]: 4, [park.email]: 4 });
    // And the rotation goes on across instances: the next turn on one, then the one after on the other.
    const order = [kim.email, lee.email, park.email].sort();
    const onB = (await onSecond())!.email;
    const onA = (await onFirst())!.email;
    expect(onA).toBe(order[(order.indexOf(onB) + 1) % 3]);
  });

  it('a turn waits for no other transaction: one taken in a transaction still open (then rolled back) neither blocks the next nor is handed out again', async () => {
    const url = await freshDatabaseUrl();
    await migrate(url);
    // Fail at once rather than queue, should taking a turn ever wait for a lock the open transaction holds.
    const pool = new pg.Pool({ connectionString: url, max: 4, options: '-c lock_timeout=1000' });
    closers.push(() => pool.end());
    const staff = { list: async () => [account(kim), account(lee)] };
    const sales = salesDatabaseOnPostgres(pool);
    await roundRobin(sales, true);
    const next = roundRobinAssigner({ sales, staff });
    const open = await pool.connect();
    try {
      await open.query('BEGIN');
      const { rows } = await open.query<{ turn: string }>(`SELECT nextval('assignment_turns') AS turn`);
      expect(Number(rows[0].turn)).toBe(1);
      // Turn 2 is lee's (kim's was turn 1, taken above and never committed).
      expect(await next()).toEqual({ email: lee.email, name: lee.name });
      await open.query('ROLLBACK');
      expect(await next()).toEqual({ email: kim.email, name: kim.name });
    } finally {
      open.release();
    }
  });
});

describe.each(LEAD_STORES)('a lead registered on the site, automatic assignment on (%s)', (store) => {
  let app: LeadApp | null = null;
  afterEach(async () => {
    await app?.close();
    app = null;
  });

  it('is stored with the 상담사 whose turn it is; with the setting off, 미배정; with the settings unreadable, 미배정 and still stored', async () => {
    let failing = false;
    const assignNewLead = () => {
      if (failing) return Promise.reject(new Error('settings unavailable'));
      return roundRobinAssigner({ sales: app!.sales, staff: { list: async () => STAFF } })();
    };
    app = await startLeadApp({ store, assignNewLead });
    const assigneeOf = async (response: Response) => {
      expect(response.status).toBe(201);
      const { id } = (await response.json()) as { id: string };
      return (await app!.lead(id))?.assignee ?? null;
    };
    expect(await assigneeOf(await app.post(validBody()))).toBeNull();
    await roundRobin(app.sales, true);
    expect(await assigneeOf(await app.post(validBody()))).toEqual({ email: kim.email, name: kim.name });
    expect(await assigneeOf(await app.post(validBody()))).toEqual({ email: lee.email, name: lee.name });
    expect(await assigneeOf(await app.post(validBody()))).toEqual({ email: kim.email, name: kim.name });
    failing = true;
    expect(await assigneeOf(await app.post(validBody()))).toBeNull();
  });
});
