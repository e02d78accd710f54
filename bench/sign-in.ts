// A client's sign-in alone: sequential `POST /api/auth/login` of one client on the app in this process (PGlite,
// production settings), beside what it costs: the password checks measured directly, Argon2id as stored today and
// scrypt at N=2^17 as stored before (26 November), and a sign-in whose stored hash is still scrypt (it is checked,
// then replaced by Argon2id). The four are measured in alternating rounds so a burst of other work on this shared
// machine hits each alike; the scrypt yardstick of the other benches is timed at the start and at the end.
// Writes bench/results/sign-in.json. Target: a sign-in's median at most 120 ms.
// First, as in the server: libraries read NODE_ENV as they load.
import '#server/production-by-default.ts';
import { eq } from 'drizzle-orm';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { migrateDatabase, openDatabase } from '#server/db/client.ts';
import { clients } from '#server/db/schema.ts';
import { createOrder } from '#server/services/orders/orders.ts';
import { hashPassword, verifyPassword } from '#server/services/security/passwords.ts';
import { scryptHash } from '#server/test/scrypt-hash.ts';
import { todayIso } from '#shared/format.ts';
import { median } from './alternating.ts';
import { yardstickMs } from './yardstick.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const PER_ROUND = Number(process.env.BENCH_PER_ROUND ?? 5);
const TARGET_MS = 120;
const USERNAME = 'banc';
const PASSWORD = 'Azur-Passerelle-2026';

// Each sign-in from another address, as clients come: the per-address limit (20 a minute) does not apply to the bench.
const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

async function timed(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const figures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    medianMs: round1(median(ms)),
    p90Ms: round1(sorted[Math.floor(sorted.length * 0.9)]!),
    minMs: round1(sorted[0]!),
    maxMs: round1(sorted.at(-1)!),
    count: ms.length,
  };
};

/** The app in this process on a fresh PGlite, with one client who signs in with USERNAME and PASSWORD. */
async function startApp() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'rfs-bench-sign-in-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    NODE_ENV: 'production',
    TRUST_PROXY: '127.0.0.1',
  });
  const database = await openDatabase(config);
  await migrateDatabase(database);
  const { order } = await createOrder(
    database.db,
    {
      clientName: 'Client Banc',
      clientEmail: 'banc@exemple.fr',
      clientPhone: '',
      username: USERNAME,
      password: PASSWORD,
      updatePassword: false,
      plan: 'standard',
      paymentMethod: 'carte',
      paymentStatus: 'paid',
      orderDate: todayIso(),
      notes: '',
    },
    { id: null, username: 'bench' },
    { config },
  );
  const clientId = order.clientId!;
  const app = await buildApp({ config, database });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  return { dataDir, database, clientId, app, base };
}

type Kind = 'signIn' | 'signInReplacingScryptHash' | 'argon2idCheck' | 'scryptCheck';

/** The figures of each kind, with the same run's yardstick and load, into bench/results/sign-in.json. */
async function writeResult(
  times: Record<Kind, number[]>,
  { loadAverageAtStart, scryptMsAtStart }: { loadAverageAtStart: number[]; scryptMsAtStart: number },
) {
  const names = Object.keys(times) as Kind[];
  const summary = Object.fromEntries(names.map((n) => [n, figures(times[n])])) as Record<
    Kind,
    ReturnType<typeof figures>
  >;
  const result = {
    measuredAt: new Date().toISOString(),
    cores: os.cpus().length,
    loadAverageAtStart,
    scryptMsAtStart,
    scryptMsAtEnd: yardstickMs(),
    database: 'pglite',
    route: 'POST /api/auth/login',
    rounds: ROUNDS,
    perRound: PER_ROUND,
    target: { signInMedianMaxMs: TARGET_MS },
    signInMetTarget: summary.signIn.medianMs <= TARGET_MS,
    // What a sign-in cost with scrypt, from the same run: today's sign-in with the scrypt check in place of Argon2id's.
    signInWithScryptEstimateMs: Math.round(
      summary.signIn.medianMs - summary.argon2idCheck.medianMs + summary.scryptCheck.medianMs,
    ),
    ...summary,
  };
  await mkdir('bench/results', { recursive: true });
  await writeFile('bench/results/sign-in.json', `${JSON.stringify(result, null, 2)}\n`);
  return result;
}

export async function measureSignIn() {
  const loadAverageAtStart = os.loadavg().map((n) => Math.round(n * 100) / 100);
  const scryptMsAtStart = yardstickMs();
  const { dataDir, database, clientId, app, base } = await startApp();

  const signIn = async () => {
    const res = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      body: JSON.stringify({ email: USERNAME, password: PASSWORD }),
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': randomAddress() },
    });
    if (res.status !== 200) throw new Error(`sign-in answered ${res.status} ${await res.text()}`);
  };
  const storedHash = async () =>
    (await database.db.select().from(clients).where(eq(clients.id, clientId)))[0]!.passwordHash!;
  const formerScrypt = scryptHash(PASSWORD, { N: 2 ** 17, r: 8, p: 1 });
  const argon2id = await hashPassword(PASSWORD);

  const kinds: Record<Kind, () => Promise<number>> = {
    /** the sign-in as every client has it once their hash is Argon2id */
    signIn: () => timed(signIn),
    /** the first sign-in of an account still holding a scrypt hash: that check, then a new Argon2id hash stored */
    signInReplacingScryptHash: async () => {
      await database.db.update(clients).set({ passwordHash: formerScrypt }).where(eq(clients.id, clientId));
      const ms = await timed(signIn);
      if (!(await storedHash()).startsWith('$argon2id$v=19$m=19456,t=2,p=1$'))
        throw new Error('the scrypt hash was not replaced');
      return ms;
    },
    /** one check of the password against the Argon2id hash, as sign-in makes it (services/security/passwords.ts) */
    argon2idCheck: () => timed(() => verifyPassword(PASSWORD, argon2id)),
    /** the same against the scrypt hash at N=2^17, r=8, p=1: what a sign-in cost before */
    scryptCheck: () => timed(() => verifyPassword(PASSWORD, formerScrypt)),
  };
  const names = Object.keys(kinds) as Kind[];
  const times = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<Kind, number[]>;
  try {
    // Warm-up (JIT, the dummy hash, the database's pages), not recorded.
    for (const name of names) await kinds[name]();
    if (!(await storedHash()).startsWith('$argon2id$')) throw new Error('the client’s hash is not Argon2id');
    for (let round = 0; round < ROUNDS; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(round + i) % names.length]!;
        for (let n = 0; n < PER_ROUND; n++) times[name].push(await kinds[name]());
      }
    }
  } finally {
    await app.close();
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return writeResult(times, { loadAverageAtStart, scryptMsAtStart });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const r = await measureSignIn();
  console.log(JSON.stringify(r, null, 2));
}
