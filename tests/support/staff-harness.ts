/**
 * Staff accounts and the audit trail for tests: on the embedded backend in a data directory, or
 * on PostgreSQL (its sales database and pool), plus an StaffAuth over them.
 */
import { StaffAuth, type StaffAuthOptions } from '../../web/server/auth/staff-auth';
import { openStaffServices, type StaffBackend, type StaffServices } from '../../web/server/auth/staff-services';
import type { AdminConfig } from '../../web/server/config';

const opened: StaffServices[] = [];

/** Closed by closeStaffServices (afterEach). */
export async function staffServices(backend: StaffBackend, dataDir: string, admin: AdminConfig, now?: () => number): Promise<StaffServices> {
  const services = await openStaffServices(backend, { dataDir, admin }, { now });
  opened.push(services);
  return services;
}

export async function closeStaffServices(): Promise<void> {
  for (const services of opened.splice(0)) await services.close();
}

/** StaffAuth.start over the embedded accounts of `options.dataDir` (or the given backend). */
export async function startAuth(options: Omit<StaffAuthOptions, 'staff' | 'audit'>, backend: StaffBackend = {}): Promise<{ auth: StaffAuth } & StaffServices> {
  const services = await staffServices(backend, options.dataDir, options.admin, options.now);
  return { auth: await StaffAuth.start({ ...options, staff: services.staff, audit: services.audit }), ...services };
}
