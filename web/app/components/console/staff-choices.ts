import { mayHandOver, type StaffRole } from '../../../shared/staff-roles';
import type { HandOverChoices } from './HandOver';

/** 퇴사자 고객 넘기기's choices: whose customers `role` may hand over (not their own), to which active accounts. */
export function handOverChoices(
  role: StaffRole,
  me: string,
  accounts: ReadonlyArray<{ email: string; name: string; role: StaffRole; disabled: boolean }>,
): HandOverChoices {
  const others = accounts.filter((account) => account.email !== me);
  return {
    from: others.filter((account) => mayHandOver(role, account.role, null)).map(({ email, name, disabled }) => ({ email, name, disabled })),
    to: others.filter((account) => !account.disabled && mayHandOver(role, 'sales', account.role)).map(({ email, name }) => ({ email, name })),
  };
}
