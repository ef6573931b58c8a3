import type { Route } from './+types/leads';

/**
 * `POST /api/leads`: a lead registration (web/server/leads/http.ts answers it). The forms post
 * here through their fetcher (JSON, the answer shown in place) or, without JavaScript, natively
 * (a redirect to the result page); API clients post JSON.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return context.leadRequests.submit(request, context.clientIp, context.requestId);
}
