/**
 * A size limit on every request body, whoever reads it (React Router actions and `.data`
 * requests, Express parsers, handlers that never read): a declared Content-Length over the limit
 * is refused at once, and a chunked body is counted as its bytes arrive from the socket, before
 * any parser sees them. Over the limit: 413 JSON, the connection is closed and nothing more is
 * kept, so one request never holds more than `maxBytes` (plus socket buffers) in memory.
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import type { ErrorRequestHandler, Request, RequestHandler, Response } from 'express';
import { NO_STORE } from './cache-headers';

const PAYLOAD_TOO_LARGE_MESSAGE = '요청 내용이 너무 큽니다.';

export function limitRequestBodies(maxBytesFor: (req: Request) => number): RequestHandler {
  return (req, res, next) => {
    const maxBytes = maxBytesFor(req);
    const declared = Number(req.headers['content-length']);
    if (declared > maxBytes) {
      refuse(req, res);
      return;
    }
    // With a Content-Length (already within the limit) Node's parser delivers no more than that;
    // only a chunked body, whose size nobody declared, has to be counted as it arrives.
    if (req.headers['transfer-encoding'] !== undefined) countArrivingBytes(req, maxBytes, () => refuse(req, res));
    next();
  };
}

/** How long a refused upload may go on being discarded before its connection is dropped. */
const LINGER_MS = 2000;

/**
 * Node's HTTP parser hands each piece of the body to `IncomingMessage.push`; counting there sees
 * every byte before any consumer can buffer it, whichever way the consumer reads. Past the limit
 * the rest is discarded as it arrives: the reader never sees a cleanly ended (truncated) body, and
 * gets the "aborted" error when the connection closes.
 */
function countArrivingBytes(req: IncomingMessage, maxBytes: number, onOverflow: () => void): void {
  const push = req.push;
  let received = 0;
  let overflowed = false;
  req.push = function (chunk: unknown, encoding?: BufferEncoding) {
    if (chunk === null) return overflowed || push.call(this, chunk, encoding);
    if (overflowed) return true;
    received += Buffer.byteLength(chunk as Buffer | string);
    if (received <= maxBytes) return push.call(this, chunk, encoding);
    overflowed = true;
    onOverflow();
    return true;
  };
}

function refuse(req: IncomingMessage, res: Response): void {
  if (res.headersSent) {
    req.destroy();
    return;
  }
  closeAfterAnswer(req, res);
  refuseTooLarge(res);
}

/** The 413 of a body over its limit, for every route that has no answer of its own. */
export function refuseTooLarge(res: Response): void {
  res.status(413).set('Cache-Control', NO_STORE).json({ error: 'payloadTooLarge', message: PAYLOAD_TOO_LARGE_MESSAGE });
}

/** For an answer sent before the request's body was read: close rather than read the rest. */
export function closeAfterAnswer(req: IncomingMessage, res: Response): void {
  lingerOnClose(req.socket);
  res.set('Connection', 'close');
}

/**
 * After a `Connection: close` answer Node destroys the socket at once; a client still sending
 * would then get a reset that can discard the answer before it reads it. Instead: half-close
 * (the client sees the end of the answer), keep discarding what still arrives, and drop the
 * connection when the client closes or after LINGER_MS.
 */
function lingerOnClose(socket: Socket): void {
  socket.destroySoon = function (this: Socket) {
    this.end();
    setTimeout(() => this.destroy(), LINGER_MS).unref();
  };
}

/**
 * The answers to body-parser's errors for a route that parses its own body: a body over the
 * route's limit (413) and one that cannot be read (a bad encoding, an aborted upload: 400), each
 * with the route's JSON; anything else is not about the request and goes on.
 */
export function bodyParserErrors(answers: { tooLarge: (res: Response) => void; unreadable: (res: Response) => void }): ErrorRequestHandler {
  return (error: { type?: string; status?: number }, _req, res, next) => {
    if (error?.type === 'entity.too.large') answers.tooLarge(res);
    else if (error?.status && error.status >= 400 && error.status < 500) answers.unreadable(res);
    else next(error);
  };
}
