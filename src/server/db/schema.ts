// Every table, by domain (one file each in schema/); drizzle-kit and the services read them from here.
export * from './schema/staff.ts';
export * from './schema/security.ts';
export * from './schema/settings.ts';
export * from './schema/clients.ts';
export * from './schema/orders.ts';
export * from './schema/payments.ts';
export * from './schema/billing.ts';
export * from './schema/inbox.ts';
export * from './schema/interventions.ts';
export * from './schema/devices.ts';
export * from './schema/mail.ts';
export * from './schema/live.ts';
export * from './schema/help.ts';
export * from './schema/remote.ts';
