// The reverse-proxy part of deploy/nginx.conf (deploy/rfs-proxy.conf) in front of two real instances on one
// PostgreSQL database (its own, created on BENCH_DATABASE_URL's server and dropped at the end), TLS aside:
// a staff session opened through the proxy is served by both instances; pages keep their brotli encoding; one
// instance stopped (SIGTERM) during a stream of reads costs no failed request (nginx tries the other one); the
// stopped one's requests resume when it is back. Needs nginx (apt-get install nginx). Build first.
// Writes bench/results/proxy.json.
import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer, type RunningServer } from './server.ts';

const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORTS = [3971, 3972];
const PROXY_PORT = 3970;
const PROXY = `http://127.0.0.1:${PROXY_PORT}`;
const ENV = {
  ADMIN_USERNAME: 'bench',
  ADMIN_PASSWORD: 'bench-password-1',
  SESSION_SECRET: 'bench-session-secret-0123456789',
  TRUST_PROXY: '127.0.0.1',
  PUBLIC_URL: PROXY,
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startNginx(dir: string) {
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(
    conf,
    `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events {}
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream rfs {
${PORTS.map((p) => `    server 127.0.0.1:${p} max_fails=3 fail_timeout=10s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${PROXY_PORT};
    include ${path.resolve('deploy/rfs-proxy.conf')};
  }
}
`,
  );
  const nginx = spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 50; i++) {
    try {
      await fetch(`${PROXY}/healthz`);
      return nginx;
    } catch {
      await sleep(100);
    }
  }
  throw new Error('nginx did not start');
}

async function reads(cookie: string, until: () => boolean) {
  const statuses: Record<string, number> = {};
  await Promise.all(
    Array.from({ length: 5 }, async () => {
      while (!until()) {
        let status = 'no answer';
        try {
          const res = await fetch(`${PROXY}/api/admin/session`, { headers: { cookie } });
          await res.arrayBuffer();
          status = String(res.status);
        } catch {
          /* counted as no answer */
        }
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  return statuses;
}

export async function measureProxy() {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query('drop database if exists rfs_bench_proxy');
  await admin.query('create database rfs_bench_proxy');
  const url = new URL(PG_URL);
  url.pathname = '/rfs_bench_proxy';
  const env = { ...ENV, DATABASE_URL: url.toString() };
  const dir = await mkdtemp(path.join(tmpdir(), 'rfs-proxy-'));
  // nginx's workers run as an unprivileged user: they write their temporary files here.
  await chmod(dir, 0o777);
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(dir, sub), { mode: 0o777 });
  const servers: RunningServer[] = [];
  const nginx = await startNginx(dir);
  try {
    // One after the other: the first creates the schema and the admin, the second finds them.
    for (const port of PORTS) servers.push(await startServer(port, env));
    const login = await fetch(`${PROXY}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PROXY },
      body: JSON.stringify({ username: ENV.ADMIN_USERNAME, password: ENV.ADMIN_PASSWORD }),
    });
    const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!;
    const signIn = { status: login.status, cookieSet: cookie.startsWith('rfs_staff=') };

    // The session through the proxy, round-robin over both instances.
    const sessionReads: number[] = [];
    for (let i = 0; i < 20; i++)
      sessionReads.push((await fetch(`${PROXY}/api/admin/session`, { headers: { cookie } })).status);
    const direct = await Promise.all(
      PORTS.map(async (p) => (await fetch(`http://127.0.0.1:${p}/api/admin/session`, { headers: { cookie } })).status),
    );

    const home = await fetch(`${PROXY}/`, { headers: { 'accept-encoding': 'br' } });
    await home.arrayBuffer();
    const landing = {
      status: home.status,
      contentEncoding: home.headers.get('content-encoding'),
      etag: home.headers.get('etag') !== null,
    };

    // A rolling restart's first half: instance 1 stops (SIGTERM) while reads go on through the proxy.
    let done = false;
    const during = reads(cookie, () => done);
    await sleep(1000);
    await servers[0]!.stop();
    await sleep(2000);
    done = true;
    const duringStop = await during;
    servers[0] = await startServer(PORTS[0]!, env);
    await sleep(500);
    const afterRestart = await Promise.all(
      Array.from(
        { length: 6 },
        async () => (await fetch(`${PROXY}/api/admin/session`, { headers: { cookie } })).status,
      ),
    );

    const result = {
      measuredAt: new Date().toISOString(),
      instances: PORTS.length,
      database: 'postgres',
      signIn,
      sessionThroughProxy: sessionReads,
      sessionDirectOnEachInstance: direct,
      landing,
      readsWhileOneInstanceStops: duringStop,
      afterRestart,
      verdict: {
        sessionOnBothInstances: direct.every((s) => s === 200) && sessionReads.every((s) => s === 200),
        brotliPassedThrough: landing.contentEncoding === 'br',
        noFailedReadDuringStop: Object.keys(duringStop).every((s) => s === '200'),
        servedAgainAfterRestart: afterRestart.every((s) => s === 200),
      },
    };
    await mkdir('bench/results', { recursive: true });
    await writeFile('bench/results/proxy.json', `${JSON.stringify(result, null, 2)}\n`);
    return result;
  } finally {
    for (const server of servers) await server.stop();
    nginx.kill('SIGQUIT');
    await new Promise((resolve) => nginx.once('exit', resolve));
    await rm(dir, { recursive: true, force: true });
    await admin.query('drop database if exists rfs_bench_proxy with (force)');
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await measureProxy(), null, 2));
}
