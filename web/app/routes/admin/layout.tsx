import { Outlet } from 'react-router';

/** The console's frame (its header, navigation and sign-in come with the staff accounts). */
export default function ConsoleLayout() {
  return <Outlet />;
}
