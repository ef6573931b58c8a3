/**
 * The last error handler: anything a middleware or route throws ends here. Malformed requests
 * (bad URL encoding, unparsable bodies, oversized payloads) keep their 4xx status; everything
 * else is a 500. API paths answer JSON, others a short Korean text; never a stack trace.
 */
import { errorField, log } from '../observability/log';
import { requestIdOf } from '../observability/requests';
import type { ErrorRequestHandler } from 'express';
import { NO_STORE } from './cache-headers';

const SERVER_ERROR_MESSAGE = '일시적인 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.';
const BAD_REQUEST_MESSAGE = '잘못된 요청입니다.';

function statusOf(error: unknown): number {
  const status = (error as { status?: unknown; statusCode?: unknown } | null)?.status ?? (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' && status >= 400 && status < 600 ? status : 500;
}

export const errorHandler: ErrorRequestHandler = (error, req, res, next) => {
  if (res.writableEnded) {
    // The answer is complete (e.g. a 413 sent while a parser still read the body): nothing to
    // send; one line, as the error is the fallout of that answer, not a fault.
    log.warn({ req_id: requestIdOf(req), method: req.method, err: errorField(error) }, 'http: an error after the answer was sent');
    return;
  }
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = statusOf(error);
  if (status >= 500) log.error({ req_id: requestIdOf(req), method: req.method, err: errorField(error), stack: (error as Error)?.stack }, 'http: server error');
  const message = status >= 500 ? SERVER_ERROR_MESSAGE : BAD_REQUEST_MESSAGE;
  res.status(status).setHeader('Cache-Control', NO_STORE);
  if (req.path.startsWith('/api/')) res.json({ error: status >= 500 ? 'serverError' : 'badRequest', message });
  else res.type('text/plain; charset=utf-8').send(message);
};
