import { Outlet } from 'react-router';

/** The console shell (a stand-in until the staff console's layout with its sign-in form lands). */
export default function ConsoleLayout() {
  return <Outlet />;
}
