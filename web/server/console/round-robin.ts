/**
 * Automatic assignment of new customers (leadSettings' 자동 배정): each takes the next turn of the
 * sales database (../database/migrations/0013-assignment-turns.ts) and goes to the active 상담사
 * that turn names, in email order. Instances sharing a database (PostgreSQL) take turns from one
 * sequence, so two customers never get the same turn, and taking one waits for no other's commit.
 */
import { sql } from 'kysely';
import { leadAssignmentSettingsQuery } from '../../sanity/queries';
import type { ContentSource } from '../content/types';
import type { SalesDatabase } from '../database/index';
import type { StaffDirectory } from '../auth/staff-accounts';

export type NewLeadAssignee = { email: string; name: string };

/** The next turn (1, 2, 3 …) of the rotation every instance on this database shares. */
async function nextTurn(sales: SalesDatabase): Promise<number> {
  const query =
    sales.dialect === 'postgres'
      ? sql<{ turn: string }>`SELECT nextval('assignment_turns') AS turn`
      : sql<{ turn: number }>`UPDATE assignment_turns SET turn = turn + 1 WHERE id = 1 RETURNING turn`;
  const { rows } = await query.execute(sales.db);
  return Number(rows[0].turn);
}

export function roundRobinAssigner(options: { content: ContentSource; sales: SalesDatabase; staff: StaffDirectory }): () => Promise<NewLeadAssignee | null> {
  return async () => {
    if (!(await options.content.fetch(leadAssignmentSettingsQuery))?.roundRobin) return null;
    const sales = (await options.staff.list())
      .filter((account) => account.role === 'sales' && !account.disabled)
      .sort((a, b) => (a.email < b.email ? -1 : 1));
    if (!sales.length) return null;
    const next = sales[(await nextTurn(options.sales) - 1) % sales.length];
    return { email: next.email, name: next.name };
  };
}
