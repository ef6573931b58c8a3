import type { AppLoadContext } from 'react-router';
import type { LeadDetail } from '../../../shared/lead-dto';
import { mayHandOver, type StaffIdentity, type StaffRole } from '../../../shared/staff-roles';
import type { HandOverChoices } from './HandOver';
import type { AssigneeChoice } from './LeadWorkForm';
import { leadPageText } from './lead-text';

type StaffAccountSummary = Awaited<ReturnType<AppLoadContext['staff']['list']>>[number];

/**
 * Who a lead can be given to: nobody, the staff member themselves (named so), every other active
 * account, and whoever holds it now (kept even when their account is gone, so saving a status does
 * not unassign them).
 */
export function assigneeChoices(lead: LeadDetail, me: StaffIdentity, accounts: StaffAccountSummary[]): AssigneeChoice[] {
  const others = accounts
    .filter((account) => !account.disabled && account.email !== me.email)
    .map((account) => ({ email: account.email, label: account.name }));
  const choices: AssigneeChoice[] = [{ email: me.email, label: leadPageText.assignMe(me.name) }, ...others];
  if (lead.assignee && !choices.some((choice) => choice.email === lead.assignee?.email))
    choices.push({ email: lead.assignee.email, label: lead.assignee.name });
  return choices;
}

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
