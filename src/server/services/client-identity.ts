import type { Tx } from '../db/client';
import type { ClientRow } from './clients';
import { findClientById } from './clients';
import { currentPlanOf } from './subscriptions';
import { getPlan } from '../../shared/plans';
import { todayIso } from '../../shared/format';

/** SPEC §7 « client session »: name, e-mail and the name of the plan running today (null without one). */
export type ClientSessionDto = { name: string; email: string; plan: string | null };
/** POST /api/client/login and /api/auth/login */
export type ClientLoginDto = ClientSessionDto & { id: number };
/** GET /api/auth/user */
export type AuthUserDto = { id: number; firstName: string; lastName: string; email: string; createdAt: string };

async function planName(db: Tx, clientId: number): Promise<string | null> {
  const plan = await currentPlanOf(db, clientId, todayIso());
  return plan ? getPlan(plan).name : null;
}

export async function clientLoginDto(db: Tx, client: ClientRow): Promise<ClientLoginDto> {
  return { id: client.id, name: client.name, email: client.email, plan: await planName(db, client.id) };
}

export async function clientSessionDto(db: Tx, clientId: number): Promise<ClientSessionDto | null> {
  const client = await findClientById(db, clientId);
  return client ? { name: client.name, email: client.email, plan: await planName(db, client.id) } : null;
}

export async function authUserDto(db: Tx, clientId: number): Promise<AuthUserDto | null> {
  const client = await findClientById(db, clientId);
  if (!client) return null;
  return {
    id: client.id, firstName: client.firstName, lastName: client.lastName, email: client.email,
    createdAt: client.createdAt.toISOString(),
  };
}
