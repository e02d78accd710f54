// Staff roles and their labels.

/** Staff roles: an admin runs everything; a technician answers requests and interventions and never sees money. */
export const STAFF_ROLES = ['admin', 'technicien'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const STAFF_ROLE_LABELS: Record<StaffRole, string> = { admin: 'Administrateur', technicien: 'Technicien' };
