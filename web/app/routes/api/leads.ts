import type { Route } from './+types/leads';
import type { ApiAnswer } from '../../components/leads/lead-api';

/**
 * `POST /api/leads`: a lead registration (web/server/leads/http.ts answers it). API clients post
 * JSON; a form without JavaScript posts natively and is redirected to the result page.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return context.leadRequests.submit(request, context.clientIp, context.requestId);
}

/**
 * A form's fetcher in the browser: the values as JSON to the same address, as an API client
 * sends them, and the answer with its status as the fetcher's data.
 */
export async function clientAction({ request }: Route.ClientActionArgs): Promise<ApiAnswer> {
  try {
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: await request.text(),
    });
    const body = (await response.json().catch(() => ({}))) as ApiAnswer['body'];
    return { status: response.status, body };
  } catch {
    return { status: 0, body: {} };
  }
}
