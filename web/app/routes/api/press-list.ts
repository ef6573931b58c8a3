import type { Route } from './+types/press-list';

/** `GET /api/press?site=…&cursor=…`: a page of a press site's list (web/server/press/api.ts answers it). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.pressApi.list(request);
}
