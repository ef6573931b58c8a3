import type { Route } from './+types/dashboard';
import { seoulDay } from '../../../shared/seoul-time';
import { DashboardPanels, DASHBOARD_TEXT } from '../../components/admin/DashboardPanels';
import { CONSOLE_HEADERS, consoleMeta, dayLabel } from '../../components/admin/console-page';

/** Signed out: null, and the console layout shows its sign-in form here instead. */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.auth.session(request)) return null;
  return { dashboard: await context.leadConsole.dashboard(seoulDay(Date.now())) };
}

export function headers(): HeadersInit {
  return CONSOLE_HEADERS;
}

export function meta() {
  return consoleMeta(DASHBOARD_TEXT.title);
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  if (!loaderData) return null;
  const { dashboard } = loaderData;
  return (
    <div className="console-page">
      <h1 className="console-page__title">{DASHBOARD_TEXT.title}</h1>
      <p className="dashboard__as-of">{`${dayLabel(dashboard.today)} 기준`}</p>
      <DashboardPanels dashboard={dashboard} />
    </div>
  );
}
