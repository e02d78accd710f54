import type { FastifyReply } from 'fastify';

/** Lists answer an array (docs/specification.md §7) and the full count in X-Total-Count (docs/decisions/030). */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
