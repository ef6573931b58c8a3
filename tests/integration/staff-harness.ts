/**
 * Staff accounts and the audit trail for tests: on the embedded backend in a data directory, or
 * on PostgreSQL (a pool and its leads store), plus an StaffAuth over them.
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

export function closeStaffServices(): void {
  for (const services of opened.splice(0)) services.close();
}

/** StaffAuth.start over the embedded accounts of `options.dataDir` (or the given backend). */
export async function startAuth(
  options: Omit<StaffAuthOptions, 'staff' | 'audit'>,
  backend: StaffBackend = {},
): Promise<{ auth: StaffAuth } & StaffServices> {
  const services = await staffServices(backend, options.dataDir, options.admin, options.now);
  return { auth: await StaffAuth.start({ ...options, staff: services.staff, audit: services.audit }), ...services };
}
