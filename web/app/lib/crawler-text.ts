/** Crawlers re-read these often; a new press article may wait an hour to be listed. */
const CRAWLER_TEXT_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/** Express's weak ETag of a text (`W/"<length in hex>-<SHA-1, base64, 27 characters>"`): a crawler's validator from before stays valid. */
async function weakEtag(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-1', bytes));
  return `W/"${bytes.length.toString(16)}-${btoa(String.fromCharCode(...digest)).slice(0, 27)}"`;
}

/** Whether the client's copy is this one (If-None-Match, compared weakly; `no-cache` asks again). */
function isFresh(request: Request, etag: string): boolean {
  const ifNoneMatch = request.headers.get('If-None-Match');
  if (!ifNoneMatch || /(?:^|,)\s*no-cache\s*(?:,|$)/.test(request.headers.get('Cache-Control') ?? '')) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const value = tag.trim();
    return value === '*' || value === etag || `W/${value}` === etag;
  });
}

/** /sitemap.xml's or /robots.txt's answer: cached an hour, with a validator, 304 when the crawler has it. */
export async function crawlerText(request: Request, text: string, contentType: string): Promise<Response> {
  const body = new TextEncoder().encode(text);
  const headers = new Headers({ 'Cache-Control': CRAWLER_TEXT_CACHE_CONTROL, ETag: await weakEtag(body) });
  if (isFresh(request, headers.get('ETag')!)) return new Response(null, { status: 304, headers });
  headers.set('Content-Type', contentType);
  return new Response(body, { headers });
}
