// The hot path's yardstick, in a process of its own as the app's server is: a bare Fastify route answering one keyed
// `pg` lookup of a client, on a pool of the app's size (db/client.ts). Run by bench/client-api.ts; prints its address.
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const bare = Fastify();
bare.get<{ Params: { id: string } }>('/baseline/:id', async (request, reply) => {
  const { rows } = await pool.query('select id, first_name, last_name, email, created_at from clients where id = $1', [
    Number(request.params.id),
  ]);
  if (!rows[0]) return reply.status(404).send({ message: 'Introuvable' });
  const r = rows[0];
  return { id: r.id, firstName: r.first_name, lastName: r.last_name, email: r.email, createdAt: r.created_at };
});
const address = await bare.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(address);
process.once('SIGTERM', () => {
  void bare.close().then(() => pool.end());
});
