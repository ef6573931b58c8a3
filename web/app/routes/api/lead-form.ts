import type { Route } from './+types/lead-form';

/** `GET /api/leads/form`: a fresh form token, the privacy notice and the visit slots' free places. */
export async function loader({ context }: Route.LoaderArgs) {
  return context.leadRequests.formData(context.requestId);
}
