// The mix of bench/mixed-load.ts, per 1,000 requests, from what a day of this site looks like: visitors read far more
// than they write, and a client signs in once and then reads their pages.
//   public pages 470 (/ 350, /register 80, /cgv 40) · client pages and reads 320 (/dashboard 120, /api/auth/user
//   100, /api/subscriptions/current 100) · staff lists 150 (orders 90, interventions 60) · invoice PDFs 40 ·
//   client sign-ins 5 (a password hash each: the costliest request) · registrations 13 · assistance requests 2 (each
//   client may ask 10 a minute: spread over the seeded clients, 2 in 1,000 stays under that up to 2,000 req/s).
// Also the clients and orders it is drawn on, and each kind timed alone.
import type { Request } from 'autocannon';
import { staffSignIn } from './server.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 30);
/** Client sign-ins per 1,000 requests: each one is an Argon2id hash (scrypt until 26 November, about 0.3 s of one core here). */
export const SIGN_INS_PER_1000 = Number(process.env.BENCH_SIGN_INS_PER_1000 ?? 5);
const PASSWORD = 'Azur-Passerelle-2026';
export const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  // Visitors come from many addresses: the per-address limits see the one each request names.
  TRUST_PROXY: '127.0.0.1',
  LOG_LEVEL: 'error',
};

export type Seed = { staff: string; clients: Array<{ username: string; cookie: string }>; orderIds: number[] };

const cookieOf = (res: Response) => (res.headers.get('set-cookie') ?? '').split(';')[0]!;
const randomAddress = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
const pick = <T>(items: T[]) => items[Math.floor(Math.random() * items.length)]!;

export async function seed(base: string): Promise<Seed> {
  const json = { 'content-type': 'application/json', origin: base };
  const staff = await staffSignIn(base, ENV.ADMIN_USERNAME, ENV.ADMIN_PASSWORD);
  const clients: Seed['clients'] = [];
  const orderIds: number[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const username = `charge${i}`;
    const res = await fetch(`${base}/api/admin/manual-orders`, {
      method: 'POST',
      headers: { ...json, cookie: staff },
      body: JSON.stringify({
        clientName: `Client Charge ${i}`,
        clientEmail: `charge${i}@exemple.fr`,
        username,
        password: PASSWORD,
        plan: 'pro',
        paymentMethod: 'carte',
        paymentStatus: 'paid',
        orderDate: new Date().toISOString().slice(0, 10),
      }),
    });
    if (res.status !== 201) throw new Error(`seed order ${i}: ${res.status} ${await res.text()}`);
    orderIds.push(((await res.json()) as { id: number }).id);
    const signIn = await fetch(`${base}/api/client/login`, {
      method: 'POST',
      headers: { ...json, 'x-forwarded-for': randomAddress() },
      body: JSON.stringify({ username, password: PASSWORD }),
    });
    clients.push({ username, cookie: cookieOf(signIn) });
  }
  return { staff, clients, orderIds };
}

type Kind = { name: string; weight: number; make(base: string, s: Seed): Request };

const visitor = () => ({ 'x-forwarded-for': randomAddress(), 'accept-encoding': 'br, gzip' });
const get = (path: string, cookie?: string): Request => ({
  method: 'GET',
  path,
  headers: { ...visitor(), accept: 'text/html,application/json', ...(cookie ? { cookie } : {}) },
});
const post = (base: string, path: string, body: unknown, cookie?: string): Request => ({
  method: 'POST',
  path,
  body: JSON.stringify(body),
  headers: { ...visitor(), 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
});

/** The mix, per 1,000 requests (see the top of this file). */
const KINDS: Kind[] = [
  { name: 'GET /', weight: 350, make: () => get('/') },
  { name: 'GET /register', weight: 80, make: () => get('/register') },
  { name: 'GET /cgv', weight: 40, make: () => get('/cgv') },
  { name: 'GET /dashboard (client)', weight: 120, make: (_, s) => get('/dashboard', pick(s.clients).cookie) },
  { name: 'GET /api/auth/user', weight: 100, make: (_, s) => get('/api/auth/user', pick(s.clients).cookie) },
  {
    name: 'GET /api/subscriptions/current',
    weight: 100,
    make: (_, s) => get('/api/subscriptions/current', pick(s.clients).cookie),
  },
  { name: 'GET staff orders', weight: 90, make: (_, s) => get('/api/admin/manual-orders?limit=25', s.staff) },
  { name: 'GET staff interventions', weight: 60, make: (_, s) => get('/api/admin/interventions?limit=25', s.staff) },
  {
    name: 'GET invoice PDF',
    weight: 40,
    make: (_, s) => get(`/api/admin/manual-orders/${pick(s.orderIds)}/receipt`, s.staff),
  },
  {
    name: 'POST client sign-in',
    weight: SIGN_INS_PER_1000,
    make: (base, s) => post(base, '/api/client/login', { username: pick(s.clients).username, password: PASSWORD }),
  },
  {
    name: 'POST registration',
    weight: 13,
    make: (base) => {
      const n = Math.random().toString(36).slice(2, 10);
      return post(base, '/api/register', {
        firstName: 'Visiteur',
        lastName: `Charge ${n}`,
        email: `visiteur.${n}@exemple.fr`,
        phone: '06 12 34 56 78',
        planId: 'pro',
        deviceType: 'windows-laptop',
        deviceInfo: 'Portable HP, Windows 11',
      });
    },
  },
  {
    name: 'POST assistance request',
    weight: 2,
    make: (base, s) =>
      post(
        base,
        '/api/client/interventions',
        {
          description: 'Imprimante hors ligne depuis ce matin',
          urgency: 'medium',
          deviceType: 'pc_windows',
          deviceInfo: 'HP',
        },
        pick(s.clients).cookie,
      ),
  },
];
const TOTAL_WEIGHT = KINDS.reduce((n, k) => n + k.weight, 0);

/** One request of the mix, drawn by its weight. */
export function mixRequest(base: string, s: Seed): { kind: string; request: Request } {
  let r = Math.random() * TOTAL_WEIGHT;
  const kind = KINDS.find((k) => (r -= k.weight) < 0) ?? KINDS[0]!;
  return { kind: kind.name, request: kind.make(base, s) };
}

/** Each kind alone, one at a time (10 each, after one to warm it): where a slow step's time goes. */
export async function probeKinds(base: string, s: Seed) {
  const result: Record<string, { medianMs: number; maxMs: number; status: number }> = {};
  for (const kind of KINDS) {
    const times: number[] = [];
    let status = 0;
    for (let i = 0; i < 11; i++) {
      const r = kind.make(base, s);
      const started = performance.now();
      const res = await fetch(`${base}${r.path}`, {
        method: r.method,
        headers: r.headers as Record<string, string>,
        body: r.body as string | undefined,
      });
      await res.arrayBuffer();
      if (i > 0) times.push(performance.now() - started);
      status = Math.max(status, res.status);
    }
    times.sort((a, b) => a - b);
    result[kind.name] = {
      medianMs: Math.round(times[5]! * 10) / 10,
      maxMs: Math.round(times.at(-1)! * 10) / 10,
      status,
    };
  }
  return result;
}
