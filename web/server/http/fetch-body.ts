/**
 * Reading a Fetch request's body in a route: counted as it arrives, so a route's own limit (smaller
 * than the server-wide one of body-limit.ts) holds whatever the client declared.
 */

/** The request's media type, lower-case, without parameters ("" when it has none). */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/**
 * The body, counted as it arrives: past `maxBytes` the rest is read and dropped (so the client
 * hears the answer on a connection it can keep), and the answer is `tooLarge`.
 */
export async function readBody(request: Request, maxBytes: number): Promise<Buffer | 'tooLarge' | 'unreadable'> {
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = request.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader!.read()) {
      received += read.value.byteLength;
      if (received <= maxBytes) chunks.push(read.value);
    }
  } catch {
    return 'unreadable';
  }
  return received > maxBytes ? 'tooLarge' : Buffer.concat(chunks);
}
