/**
 * HTTP for leads. `POST /api/leads` takes JSON (the forms with JavaScript) or a plain form post
 * (without JavaScript, answered by a redirect to /leads/result); both run LeadService.submit.
 * Bad input is always a 4xx with a Korean message, never a 5xx.
 */
import { errorField, log } from '../observability/log';
import { metrics } from '../observability/metrics';
import { requestIdOf } from '../observability/requests';
import express, {
  type NextFunction,
  type Request,
  type RequestHandler,
  type Response,
} from 'express';
import { fieldMessagesOf, LEAD_FIELDS, LEAD_SUBMIT_MESSAGES, type LeadSubmitError } from '../../shared/lead-validation';
import { leadMessages, messages } from '../../shared/messages';
import { ownPagePath } from '../../shared/own-page-path';
import { bodyParserErrors } from '../http/body-limit';
import type { LeadService, SubmitResult } from './service';

/** Larger bodies are refused with 413 before they are parsed. */
export const MAX_LEAD_BODY_BYTES = 16 * 1024;

export const LEAD_RESULT_PATH = '/leads/result';

export type LeadRoutesOptions = {
  service: LeadService;
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

export function createLeadRouter({ service }: LeadRoutesOptions): express.Router {
  const router = express.Router();

  router.get('/api/leads/form', async (_req, res, next) => {
    try {
      res.set('Cache-Control', 'no-store').json(await service.formData());
    } catch (error) {
      next(error);
    }
  });

  const requireFormOrJson: RequestHandler = (req, res, next) => {
    if (!req.is(['application/json', 'application/x-www-form-urlencoded'])) {
      res.status(415).json(errorBody('wrongContentType'));
      return;
    }
    next();
  };
  const submit: RequestHandler = async (req, res, next) => {
    const isForm = req.is('application/x-www-form-urlencoded') !== false;
    const body = parseBody(req.body, isForm);
    if (!body) {
      res.status(400).json(errorBody('invalidBody'));
      return;
    }
    let result: SubmitResult;
    try {
      result = await service.submit(body, { ip: req.ip ?? req.socket.remoteAddress ?? '' });
    } catch (error) {
      next(error);
      return;
    }
    countResult(result);
    if (isForm) redirectToResult(res, result, body[LEAD_FIELDS.sourcePage]);
    else sendJson(res, result);
  };
  // body-parser's errors: too large, unreadable encoding, aborted upload.
  const bodyErrors = bodyParserErrors({
    tooLarge: (res) => res.status(413).json(errorBody('tooLarge')),
    unreadable: (res) => res.status(400).json(errorBody('invalidBody')),
  });
  router.post(
    '/api/leads',
    requireFormOrJson,
    express.raw({ type: () => true, limit: MAX_LEAD_BODY_BYTES }),
    submit,
    bodyErrors,
  );

  // A store that is down and an outbox that cannot write: the one 5xx, and it is not about input.
  router.use(['/api/leads', '/api/leads/form'], (error: Error, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    log.warn({ req_id: requestIdOf(req), err: errorField(error) }, 'leads: the store could not take the request; answered 503');
    if (req.method === 'POST') metrics.leadsRefused.inc({ code: 'unavailable' });
    // A visitor without JavaScript gets the error page in Korean, not a JSON body.
    if (req.method === 'POST' && req.is('application/x-www-form-urlencoded')) {
      res.redirect(303, `${LEAD_RESULT_PATH}?status=unavailable`);
      return;
    }
    res.status(503).set('Retry-After', '30').json({ error: 'unavailable', message: messages.leadError });
  });

  return router;
}

function errorBody(key: ErrorKey) {
  return { error: key, message: leadMessages.errors[key] };
}

function parseBody(raw: unknown, isForm: boolean): Record<string, unknown> | null {
  const text = Buffer.isBuffer(raw) ? raw.toString('utf8') : '';
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

function sendJson(res: Response, result: SubmitResult): void {
  res.set('Cache-Control', 'no-store');
  if (result.error === undefined) {
    res.status(201).json({ id: result.id });
    return;
  }
  if (result.error === 'rateLimited') res.set('Retry-After', '600');
  res.status(SUBMIT_ERROR_STATUS[result.error]).json({
    error: result.error,
    message: LEAD_SUBMIT_MESSAGES[result.error],
    ...('fieldErrors' in result ? { errors: fieldMessagesOf(result.fieldErrors) } : {}),
    ...('retryAfterMs' in result ? { retryAfterMs: result.retryAfterMs } : {}),
  });
}

/** The no-JavaScript answer: 303 to the result page, which shows the outcome in words. */
function redirectToResult(res: Response, result: SubmitResult, sourcePage: unknown): void {
  const query = new URLSearchParams();
  query.set('status', result.error ?? 'ok');
  if (result.error && 'fieldErrors' in result) query.set('errors', Object.values(result.fieldErrors).join(','));
  const back = ownPagePath(sourcePage);
  if (back !== '/') query.set('from', back);
  res.redirect(303, `${LEAD_RESULT_PATH}?${query}`);
}
