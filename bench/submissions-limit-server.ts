/**
 * The physical limit the submissions bench compares the API with: a bare Fastify + pg server that stores
 * each save's answers as one row and answers its id. No session, policy, lock or validation: what any
 * server must pay to take a JSON body over HTTP and put it in PostgreSQL. Started by
 * bench/submissions.bench.ts (PORT, DATABASE_URL, DATABASE_POOL_SIZE); never part of the product.
 */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({
  connectionString: process.env.DATABASE_URL,
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
});
// Both processes start at once: `create table if not exists` is not safe against itself, so an
// advisory lock makes the second wait for the first.
await pool.query(`do $$ begin
  perform pg_advisory_xact_lock(41733);
  create table if not exists bench_limit_save (id bigserial primary key, submission_id int not null,
    content jsonb not null, created_at timestamptz not null default now());
end $$`);

const app = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
app.get('/health', async () => ({ ok: true }));
app.post<{ Params: { id: string }; Body: { content: unknown } }>('/save/:id', async (request, reply) => {
  const { rows } = await pool.query<{ id: string }>(
    'insert into bench_limit_save (submission_id, content) values ($1, $2) returning id',
    [Number(request.params.id), JSON.stringify(request.body.content)],
  );
  return reply.status(201).send({ currentRevisionId: Number(rows[0]!.id) });
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
const stop = async () => {
  await app.close();
  await pool.end();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
