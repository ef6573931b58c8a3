import type { Route } from './+types/dashboard';
import { mayAdminister } from '../../../shared/staff-roles';
import { seoulDay } from '../../../shared/seoul-time';
import { PREVIEW_PATHS, previewText } from '../../../shared/preview';
import { DashboardPanels, DASHBOARD_TEXT } from '../../components/console/DashboardPanels';
import { CONSOLE_HEADERS, consoleMeta, dayLabel } from '../../components/console/console-page';
import { consoleText } from '../../components/console/console-text';

/** Signed out: null, and the console layout shows its sign-in form here instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const staff = context.auth.session(request);
  if (!staff) return null;
  return { dashboard: await context.leadConsole.dashboard(seoulDay(Date.now())), canPreview: mayAdminister(staff.role), inPreview: context.preview !== null };
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

/** Signed out, this address is the sign-in, and is titled so. */
export function meta({ loaderData }: Route.MetaArgs) {
  return consoleMeta(loaderData ? DASHBOARD_TEXT.title : consoleText.signInHeading);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { dashboard, canPreview, inPreview } = loaderData;
  return (
    <div className="console-page">
      <h1 className="console-page__title">{DASHBOARD_TEXT.title}</h1>
      <p className="dashboard__as-of">{`${dayLabel(dashboard.today)} 기준`}</p>
      <DashboardPanels dashboard={dashboard} />
      {canPreview ? (
        <section className="dashboard-preview" aria-labelledby="dashboard-preview-heading">
          <h2 id="dashboard-preview-heading">{consoleText.preview.heading}</h2>
          <p>{consoleText.preview.hint}</p>
          {/* A plain form post: the answer sets the preview cookie and opens the site. */}
          <form method="post" action={PREVIEW_PATHS.toggle}>
            <input type="hidden" name="enable" value={inPreview ? '0' : '1'} />
            <input type="hidden" name="path" value={inPreview ? '/admin' : '/'} />
            <button type="submit" className="button button--primary">
              {inPreview ? previewText.exit : consoleText.preview.enter}
            </button>
          </form>
        </section>
      ) : null}
    </div>
  );
}
