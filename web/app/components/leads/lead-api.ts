import type { LeadFormData } from '../../../shared/lead-form';
import type { LeadFieldErrors } from '../../../shared/lead-validation';

/** The lead API's answer to a registration, whatever its status. */
export type ApiAnswer = { status: number; body: { error?: string; errors?: LeadFieldErrors; retryAfterMs?: number; message?: string } };

/** A fresh form token, the privacy notice and the visit slots with their free places. */
export async function fetchFormData(): Promise<LeadFormData> {
  const response = await fetch('/api/leads/form', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return (await response.json()) as LeadFormData;
}

export async function postLead(values: Record<string, unknown>): Promise<ApiAnswer> {
  const response = await fetch('/api/leads', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(values),
  });
  const body = (await response.json().catch(() => ({}))) as ApiAnswer['body'];
  return { status: response.status, body };
}
