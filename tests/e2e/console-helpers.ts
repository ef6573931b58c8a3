/** What the console's browser tests share: unique phone numbers and staff accounts made with the CLI. */
import { execFileSync } from 'node:child_process';

/** A mobile number no other test (or project) uses, its last four digits and its masked form. */
export function uniquePhone(): { phone: string; lastFour: string; masked: string } {
  const digits = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const lastFour = digits.slice(4);
  return { phone: `010-${digits.slice(0, 4)}-${lastFour}`, lastFour, masked: `010-****-${lastFour}` };
}

export const SALES_PASSWORD = 'model-house-desk-2026';

/**
 * A sales account added with the CLI while the e2e server runs, as an admin adds one at a desk;
 * it can sign in at once. Its email is unique per call.
 */
export function addSalesAccount(label: string, name = '김상담'): string {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1000)}@example.kr`;
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/admin.ts', 'add', email, '--role', 'sales', '--name', name], {
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, SANITY_PROJECT_ID: '' },
    input: `${SALES_PASSWORD}\n`,
    encoding: 'utf8',
  });
  return email;
}
