import type { Route } from './+types/preview-enter';

/** `GET /api/preview/enable`: the Studio's Presentation tool enters preview with its signed link (Sanity only; else 404). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return context.previewSwitch.enter(request);
}
