/** A customer is every lead with one phone number: what is done to the customer is done to each. */
import type { LeadReads } from './lead-reads';

/** Each of `ids` with the other registrations of its customer, a registration in one group only. */
export async function customerRegistrationGroups(reads: LeadReads, ids: string[]): Promise<string[][]> {
  const grouped = new Set<string>();
  const groups: string[][] = [];
  for (const id of ids) {
    if (grouped.has(id)) continue;
    const phone = (await reads.lead(id))?.phone;
    const registrations = phone ? (await reads.registrations(phone)).map((registration) => registration._id) : [];
    const group = [id, ...registrations.filter((other) => other !== id && !grouped.has(other))];
    for (const member of group) grouped.add(member);
    groups.push(group);
  }
  return groups;
}
