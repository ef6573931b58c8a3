import type { Route } from './+types/preview-leave';

/** `GET /api/preview/disable?path=…`: leaves the Studio's preview, back to `path` (Sanity only; else 404). */
export function loader({ request, context }: Route.LoaderArgs) {
  return context.previewSwitch.leave(request);
}
