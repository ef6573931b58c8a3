/** Raw HTTP requests and cookies for tests that talk to a server (built or in-process) over HTTP. */
import { request, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';

export type RawResponse = {
  status: number;
  headers: IncomingHttpHeaders;
  /** The header lines as sent (name, value, name, value, …): a header sent twice is here twice. */
  rawHeaders: string[];
  body: Buffer;
};

/**
 * One HTTP request with the path sent exactly as given (fetch would normalise `..` and
 * re-encode), no automatic decompression, and a socket of its own.
 */
export function rawRequest(
  baseUrl: string,
  { method = 'GET', path, headers = {}, body }: { method?: string; path: string; headers?: OutgoingHttpHeaders; body?: Buffer | string },
): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolveResponse, reject) => {
    const req = request({ hostname, port, method, path, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolveResponse({ status: res.statusCode ?? 0, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.setTimeout(15_000, () => req.destroy(new Error(`${method} ${path}: no answer within 15 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** A GET with the given cookie header (none when empty). */
export function getWithCookie(baseUrl: string, path: string, cookie: string): Promise<RawResponse> {
  return rawRequest(baseUrl, { path, headers: cookie ? { cookie } : {} });
}

/** A form POST from this site's own pages (its Origin), with the given cookie header (none when empty). */
export function postFormWithCookie(baseUrl: string, path: string, fields: Record<string, string>, cookie: string): Promise<RawResponse> {
  return rawRequest(baseUrl, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl, ...(cookie ? { cookie } : {}) },
    body: new URLSearchParams(fields).toString(),
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, as a Cookie header sends them back. */
export function cookiesOf(response: RawResponse): string {
  return [response.headers['set-cookie'] ?? []]
    .flat()
    .map((line) => line.split(';')[0])
    .join('; ');
}
