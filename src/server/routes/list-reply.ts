import type { FastifyReply } from 'fastify';

/** Lists answer an array (SPEC §7) and the full count in X-Total-Count (DESIGN.md decision 5). */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}
