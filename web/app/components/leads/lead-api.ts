import type { LeadFormData } from '../../../shared/lead-form';
import type { LeadFieldErrors } from '../../../shared/lead-validation';

/** Where the lead forms post (web/app/routes/api/leads.ts), with JavaScript and without. */
export const LEAD_API_PATH = '/api/leads';

/** The lead API's answer to a registration, whatever its status (0: no answer, the connection was lost). */
export type ApiAnswer = { status: number; body: { error?: string; errors?: LeadFieldErrors; retryAfterMs?: number; message?: string } };

/** A fresh form token, the privacy notice and the visit slots with their free places. */
export async function fetchFormData(): Promise<LeadFormData> {
  const response = await fetch('/api/leads/form', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as LeadFormData;
}
