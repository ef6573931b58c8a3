/**
 * HTTP for leads, as the resource routes web/app/routes/api/ answer it. `POST /api/leads` takes
 * JSON (the forms with JavaScript, API clients) or a plain form post (without JavaScript, answered
 * by a redirect to /leads/result); both run LeadService.submit. `GET /api/leads/form` gives a form
 * its data. Bad input is always a 4xx with a Korean message, never a 5xx.
 */
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { fieldMessagesOf, LEAD_FIELDS, LEAD_SUBMIT_MESSAGES, type LeadSubmitError } from '../../shared/lead-validation';
import { leadMessages, messages } from '../../shared/messages';
import { ownPagePath } from '../../shared/own-page-path';
import { mediaTypeOf, readBody } from '../http/fetch-body';
import type { LeadService, SubmitResult } from './service';

/** Larger bodies are refused with 413 before they are parsed. */
const MAX_LEAD_BODY_BYTES = 16 * 1024;

const LEAD_RESULT_PATH = '/leads/result';

/** The lead API's answers, for the load context: what its resource routes return. */
export type LeadRequests = {
  submit(request: Request, clientIp: string, requestId?: string): Promise<Response>;
  formData(requestId?: string): Promise<Response>;
};

type ErrorKey = keyof typeof leadMessages.errors;

/** The HTTP status of each refusal; its message is the one the result page shows too. */
const SUBMIT_ERROR_STATUS: Record<LeadSubmitError, number> = {
  invalid: 400,
  formExpired: 400,
  tooFast: 400,
  slotFull: 409,
  tokenUsed: 409,
  rateLimited: 429,
};

const NO_STORE = { 'Cache-Control': 'no-store' };

export function leadRequests(service: Pick<LeadService, 'submit' | 'formData'>): LeadRequests {
  return {
    async formData(requestId) {
      try {
        return Response.json(await service.formData(), { headers: NO_STORE });
      } catch (error) {
        return unavailable(error, requestId);
      }
    },

    async submit(request, clientIp, requestId) {
      const contentType = mediaTypeOf(request);
      if (contentType !== 'application/json' && contentType !== 'application/x-www-form-urlencoded') {
        return Response.json(errorBody('wrongContentType'), { status: 415 });
      }
      const isForm = contentType === 'application/x-www-form-urlencoded';
      const raw = await readBody(request, MAX_LEAD_BODY_BYTES);
      if (raw === 'tooLarge') return Response.json(errorBody('tooLarge'), { status: 413 });
      const body = raw === 'unreadable' ? null : parseBody(raw, isForm);
      if (!body) return Response.json(errorBody('invalidBody'), { status: 400 });
      let result: SubmitResult;
      try {
        result = await service.submit(body, { ip: clientIp });
      } catch (error) {
        metrics.leadsRefused.inc({ code: 'unavailable' });
        const answer = unavailable(error, requestId);
        // A visitor without JavaScript gets the error page in Korean, not a JSON body.
        return isForm ? redirect(`${LEAD_RESULT_PATH}?status=unavailable`) : answer;
      }
      countResult(result);
      return isForm ? redirectToResult(result, body[LEAD_FIELDS.sourcePage]) : jsonAnswer(result);
    },
  };
}

/** A store that is down and an outbox that cannot write: the one 5xx, and it is not about input. */
function unavailable(error: unknown, requestId: string | undefined): Response {
  log.warn({ req_id: requestId, err: errorField(error) }, 'leads: the store could not take the request; answered 503');
  return Response.json({ error: 'unavailable', message: messages.leadError }, { status: 503, headers: { 'Retry-After': '30' } });
}

function errorBody(key: ErrorKey) {
  return { error: key, message: leadMessages.errors[key] };
}

function parseBody(raw: Buffer, isForm: boolean): Record<string, unknown> | null {
  const text = raw.toString('utf8');
  if (isForm) {
    const body: Record<string, unknown> = {};
    for (const [key, value] of new URLSearchParams(text)) if (!(key in body)) body[key] = value;
    return body;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function countResult(result: SubmitResult): void {
  if (result.error === undefined) metrics.leadsAccepted.inc();
  else metrics.leadsRefused.inc({ code: result.error });
}

function jsonAnswer(result: SubmitResult): Response {
  if (result.error === undefined) return Response.json({ id: result.id }, { status: 201, headers: NO_STORE });
  return Response.json(
    {
      error: result.error,
      message: LEAD_SUBMIT_MESSAGES[result.error],
      ...('fieldErrors' in result ? { errors: fieldMessagesOf(result.fieldErrors) } : {}),
      ...('retryAfterMs' in result ? { retryAfterMs: result.retryAfterMs } : {}),
    },
    {
      status: SUBMIT_ERROR_STATUS[result.error],
      headers: { ...NO_STORE, ...(result.error === 'rateLimited' ? { 'Retry-After': '600' } : {}) },
    },
  );
}

/** The no-JavaScript answer: 303 to the result page, which shows the outcome in words. */
function redirectToResult(result: SubmitResult, sourcePage: unknown): Response {
  const query = new URLSearchParams();
  query.set('status', result.error ?? 'ok');
  if (result.error && 'fieldErrors' in result) query.set('errors', Object.values(result.fieldErrors).join(','));
  const back = ownPagePath(sourcePage);
  if (back !== '/') query.set('from', back);
  return redirect(`${LEAD_RESULT_PATH}?${query}`);
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { Location: location } });
}
