import type { FastifyRequest } from 'fastify';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { HttpError } from '#server/http-error.ts';
import { requireStaff } from '#server/plugins/auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Who may call a back-office route: its one declaration, read by staffGate. A route of the staff scope without it
     * is served to admins only, and the role matrix (access.test.ts) fails until it says who it is for.
     */
    roles?: readonly StaffRole[];
  }
}

/** Every signed-in staff member (their own session, password, requests, interventions, subscriptions). */
export const ANY_STAFF = { roles: ['admin', 'technicien'] } as const satisfies { roles: readonly StaffRole[] };
/** Money, orders, customers, the backup, the team and the audit log. */
export const ADMIN_ONLY = { roles: ['admin'] } as const satisfies { roles: readonly StaffRole[] };

export const ROLE_FORBIDDEN = 'Cette partie de l’espace staff est réservée aux administrateurs.';

/** The one hook of the staff scope: a valid staff session (401/403 from requireStaff), then the route's role. */
export async function staffGate(request: FastifyRequest) {
  await requireStaff(request);
  request.staff.address = request.ip;
  const roles = request.routeOptions.config.roles ?? ADMIN_ONLY.roles;
  if (!roles.includes(request.staff.role)) throw new HttpError('ROLE_FORBIDDEN', ROLE_FORBIDDEN);
}
