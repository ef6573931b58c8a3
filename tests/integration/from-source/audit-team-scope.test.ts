/**
 * The 팀장's audit trail (scope `team`), read in the SQL on both trails, page and stream alike:
 * every record about a customer whoever made it, and the sales team's own actions (sign-ins,
 * exports, slots, 자동 배정, their looks at the trail) when a 상담사 or 팀장 made them; never account
 * administration, the purge, nor what the 관리자 alone did that is not about a customer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { AuditAction } from '../../../web/shared/audit-actions';
import { CONSOLE_DATABASES, type ConsoleSales } from '../../support/console-sales';

let database: ConsoleSales | null = null;
afterEach(async () => {
  await database?.close();
  database = null;
});

const ADMIN = 'admin@example.kr';
const MANAGER = 'lead@example.kr';
const SALES = 'kim@example.kr';
const LEFT = 'gone@example.kr';

describe.each(Object.entries(CONSOLE_DATABASES))("the 팀장's audit trail on %s", (_name, open) => {
  it("holds the customers' records and the team's actions, none of the 관리자's own administration", async () => {
    database = await open();
    const at = '2026-11-20T01:00:00.000Z';
    for (const [email, role, disabled] of [
      [ADMIN, 'admin', 0],
      [MANAGER, 'manager', 0],
      [SALES, 'sales', 0],
      [LEFT, 'sales', 1],
    ] as const) {
      await database.exec(
        `INSERT INTO staff_accounts (email, name, role, password_hash, disabled, created_at, updated_at) VALUES ('${email}', '${email}', '${role}', 'x', ${disabled}, '${at}', '${at}')`,
      );
    }
    const record = (actor: string, action: AuditAction, target: string | null = null) =>
      database!.audit.record({ actor, action, ip: '10.0.0.1', target, detail: `${actor} ${action}` });
    const shown: Array<[string, AuditAction]> = [];
    const hidden: Array<[string, AuditAction]> = [];
    const add = async (list: typeof shown, actor: string, action: AuditAction, target: string | null = null) => {
      await record(actor, action, target);
      list.push([actor, action]);
    };
    // About a customer: shown whoever did it (the 관리자 and the system too).
    await add(shown, SALES, 'phoneReveal', 'customer-1');
    await add(shown, LEFT, 'leadView', 'customer-1');
    await add(shown, ADMIN, 'phoneReveal', 'customer-2');
    await add(shown, 'system', 'leadChange', 'customer-2');
    await add(shown, SALES, 'leadExport');
    await add(shown, ADMIN, 'leadExport');
    await add(shown, MANAGER, 'leadDistribute');
    await add(shown, SALES, 'leadCall', 'customer-1');
    await add(shown, SALES, 'visitBook', 'customer-1');
    await add(shown, ADMIN, 'customerDelete', 'customer-3');
    // The team's own actions: shown when a 상담사 or 팀장 did them.
    await add(shown, SALES, 'signIn');
    await add(shown, MANAGER, 'statsExport');
    await add(shown, MANAGER, 'slotCreate', 'slot-1');
    await add(shown, MANAGER, 'assignmentSettings');
    await add(shown, MANAGER, 'auditExport');
    // The 관리자's own, and account administration by anyone: never.
    await add(hidden, ADMIN, 'signIn');
    await add(hidden, ADMIN, 'slotCreate', 'slot-2');
    await add(hidden, ADMIN, 'statsExport');
    await add(hidden, ADMIN, 'auditView');
    await add(hidden, ADMIN, 'accountCreate', SALES);
    await add(hidden, ADMIN, 'accountReset', MANAGER);
    await add(hidden, ADMIN, 'accountDisable', LEFT);
    await add(hidden, 'system', 'purge', 'auditEvent');
    await add(hidden, 'stranger@example.kr', 'signInFailed');
    await add(hidden, SALES, 'signInFailed');

    const pairs = (entries: Array<{ actor: string; action: AuditAction }>) => entries.map((entry) => [entry.actor, entry.action]);
    const page = await database.audit.list({ scope: 'team', limit: 200 });
    expect(pairs(page.entries)).toEqual([...shown].reverse());
    const streamed = [];
    for await (const entry of database.audit.stream({ scope: 'team' })) streamed.push(entry);
    expect(pairs(streamed)).toEqual(shown);
    // The page's other filters still apply inside the scope; the 관리자 reads the whole trail.
    expect(pairs((await database.audit.list({ scope: 'team', actor: ADMIN })).entries)).toEqual([
      [ADMIN, 'customerDelete'],
      [ADMIN, 'leadExport'],
      [ADMIN, 'phoneReveal'],
    ]);
    expect(pairs((await database.audit.list({ scope: 'team', action: 'accountCreate' })).entries)).toEqual([]);
    expect((await database.audit.list({ limit: 200 })).entries).toHaveLength(shown.length + hidden.length);
    // Pages of two walk the same records.
    const walked = [];
    let cursor: string | undefined;
    do {
      const next = await database.audit.list({ scope: 'team', limit: 2, cursor });
      walked.push(...next.entries);
      cursor = next.next ?? undefined;
    } while (cursor);
    expect(pairs(walked)).toEqual([...shown].reverse());
  });
});
