import type { FastifyReply } from 'fastify';

/** Lists answer an array (docs/specification.md §7) and the full count in X-Total-Count (docs/decisions/030). */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header('x-total-count', String(page.total));
  return page.items;
}

/** A page already written as JSON (checked against the route's schema when written): sent as it is. */
export function sendJsonPage(reply: FastifyReply, json: string, total: number) {
  return reply.header('x-total-count', String(total)).type('application/json; charset=utf-8').send(json);
}
