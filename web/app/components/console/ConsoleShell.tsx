import type { ReactNode } from 'react';
import { Form, NavLink } from 'react-router';
import { auditScopeOf, mayAdminister, mayManageSlots, STAFF_ROLE_LABELS, type StaffIdentity, type StaffRole } from '../../../shared/staff-roles';
import { TODAY_PATH } from '../../../shared/today-work';
import { forgetKeptDrafts } from '../../lib/kept-draft';
import { consoleText as text } from './console-text';
import { SessionWarning } from './SessionWarning';
import './console.css';

const NAV: Array<{ to: string; label: string; adminOnly?: boolean; shownTo?: (role: StaffRole) => boolean }> = [
  { to: '/admin', label: text.nav.dashboard },
  { to: TODAY_PATH, label: text.nav.today },
  { to: '/admin/leads', label: text.nav.leads },
  { to: '/admin/visits', label: text.nav.visits },
  { to: '/admin/slots', label: text.nav.slots, shownTo: mayManageSlots },
  { to: '/admin/stats', label: text.nav.stats },
  { to: '/admin/audit', label: text.nav.audit, shownTo: (role) => auditScopeOf(role) !== null },
  { to: '/admin/accounts', label: text.nav.accounts, adminOnly: true },
];

/**
 * The console around every page: who is signed in (name and role), the menu for that role,
 * sign-out, and the warning before the session ends.
 */
export function ConsoleShell({ staff, children }: { staff: StaffIdentity; children: ReactNode }) {
  return (
    <div className="console">
      <header className="console-header">
        <p className="console-header__title">{text.title}</p>
        <p className="console-header__who">{text.signedInAs(staff.name, STAFF_ROLE_LABELS[staff.role])}</p>
        <Form method="post" action="/admin" className="console-header__signout" onSubmit={forgetKeptDrafts}>
          <input type="hidden" name="intent" value="logout" />
          <button type="submit" className="button button--outline">
            {text.signOut}
          </button>
        </Form>
        <nav className="console-nav" aria-label={text.navLabel}>
          <ul>
            {NAV.filter((item) => (!item.adminOnly || mayAdminister(staff.role)) && (item.shownTo?.(staff.role) ?? true)).map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} end={item.to === '/admin'}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main id="main" className="console-main">
        {children}
      </main>
      <SessionWarning />
    </div>
  );
}
