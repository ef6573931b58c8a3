import { redirect } from 'react-router';
import type { Route } from './+types/preview';
import { PREVIEW_PATHS } from '../../../shared/preview';

/**
 * `POST /admin/preview`: a signed-in admin turns preview on (`enable=1`) or off (`enable=0`) and
 * returns to `path` (web/server/preview.ts answers it). Not a page: a form posts here.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return context.previewSwitch.toggle(request);
}

/** The switch's address typed or bookmarked: the console's first page, where the switch is. */
export function loader() {
  return redirect(PREVIEW_PATHS.console, { status: 303, headers: { 'Cache-Control': 'no-store' } });
}
