/**
 * Automatic assignment of new customers (the console's 자동 배정, set by a 팀장): each takes the
 * next turn of the sales database (../database/migrations/0013-assignment-turns.ts) and goes to the
 * 상담사 taking part whose turn it is, in email order. Instances sharing a database (PostgreSQL)
 * take turns from one sequence, so two customers never get the same turn, and taking one waits for
 * no other's commit.
 */
import { sql } from 'kysely';
import type { SalesDatabase } from '../database/index';
import type { StaffDirectory } from '../auth/staff-accounts';
import { assignmentSettingsOf, roundRobinOn, type Participant } from '../customers/team-assignment';

export type NewLeadAssignee = Participant;

/** The next turn (1, 2, 3 …) of the rotation every instance on this database shares. */
async function nextTurn(sales: SalesDatabase): Promise<number> {
  const query =
    sales.dialect === 'postgres'
      ? sql<{ turn: string }>`SELECT nextval('assignment_turns') AS turn`
      : sql<{ turn: number }>`UPDATE assignment_turns SET turn = turn + 1 WHERE id = 1 RETURNING turn`;
  const { rows } = await query.execute(sales.db);
  return Number(rows[0].turn);
}

/** The 상담사 who take part in automatic assignment and 균등 배분: active `sales` accounts not left out, in email order. */
export async function assignmentParticipants(sales: SalesDatabase, staff: StaffDirectory): Promise<Participant[]> {
  const optedOut = new Set((await assignmentSettingsOf(sales)).optedOut);
  return (await staff.list())
    .filter((account) => account.role === 'sales' && !account.disabled && !optedOut.has(account.email))
    .sort((a, b) => (a.email < b.email ? -1 : 1))
    .map(({ email, name }) => ({ email, name }));
}

export function roundRobinAssigner(options: { sales: SalesDatabase; staff: StaffDirectory }): () => Promise<NewLeadAssignee | null> {
  return async () => {
    if (!(await roundRobinOn(options.sales))) return null;
    const participants = await assignmentParticipants(options.sales, options.staff);
    if (!participants.length) return null;
    return participants[((await nextTurn(options.sales)) - 1) % participants.length];
  };
}
