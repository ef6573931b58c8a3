import type { Route } from './+types/press-views';

/** `GET /api/press/:id/views?site=…`: an article's view count, for the Studio on another origin. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return context.pressApi.views(request, params.id);
}
