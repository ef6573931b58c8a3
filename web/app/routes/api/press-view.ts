import type { Route } from './+types/press-view';

/** `POST /api/press/:id/view?site=…`: the press page's reader, counted once an hour (web/server/press/api.ts). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return context.pressApi.recordView(request, params.id, context.clientIp);
}
