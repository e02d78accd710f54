import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { HttpError, parseInput } from '../../http-error';
import { isPrintable } from '../../../shared/schemas/common';

const MAX_ID = 2_147_483_647; // a Postgres integer: anything larger is not an id we gave out

/** ':id' must be a positive integer; anything else is the caller's mistake (400), never a 500 from the database. */
export function parseId(params: unknown): number {
  const raw = (params as { id?: unknown } | undefined)?.id;
  const id = typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new HttpError(400, 'Identifiant invalide', 'BAD_ID');
  return id;
}

/** limit (default 50, at most 200), offset and a trimmed search text, shared by every list. */
export const pageQuery = z.object({
  limit: z.coerce.number({ error: 'Paramètre limit invalide' }).int('Paramètre limit invalide').min(1, 'Paramètre limit invalide')
    .default(50).transform((n) => Math.min(n, 200)),
  offset: z.coerce.number({ error: 'Paramètre offset invalide' }).int('Paramètre offset invalide').min(0, 'Paramètre offset invalide').default(0),
  q: z.string({ error: 'Recherche invalide' }).trim().max(200, 'Recherche trop longue').refine(isPrintable, 'Recherche invalide')
    .optional().transform((s) => s || undefined),
});

export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  return parseInput(schema, query);
}

/** Lists answer an array (SPEC §7) and the full count in X-Total-Count (DESIGN.md decision 5). */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
