import type { Route } from './+types/sanity-webhook';

/** `POST /api/sanity/webhook`: Sanity's call on publish (web/server/content/webhook.ts answers it). */
export async function action({ request, context }: Route.ActionArgs) {
  return context.contentWebhook(request);
}
