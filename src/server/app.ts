import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import compress from '@fastify/compress';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import { frameworkErrors, registerErrorHandling } from './plugins/errors.ts';
import { LOG_OPTIONS, OneLinePerRequest } from './plugins/logging.ts';
import { registerSecurity } from './plugins/security.ts';
import { createMailer, type Mailer } from './services/mail/mailer.ts';
import { healthRoutes } from './routes/health.ts';
import { publicRoutes } from './routes/public/index.ts';
import { adminRoutes } from './routes/admin/index.ts';
import { clientRoutes } from './routes/client/index.ts';
import { paymentRoutes } from './routes/payments/index.ts';
import { registerPages } from './plugins/pages.ts';
import { registerJobs } from './plugins/jobs.ts';
import { registerLive } from './plugins/live.ts';
import { registerRemote } from './plugins/remote.ts';
import { serializerCompiler, validatorCompiler } from './http-schema.ts';
import { RATE_LIMITS } from './rate-limits.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: Database;
    db: Db;
    mailer: Mailer;
  }
}

export type BuildOptions = {
  config: Config;
  database: Database;
  mailer?: Mailer;
  /** serve the built React pages from dist/ (off in API tests) */
  pages?: boolean;
  logger?: FastifyServerOptions['logger'];
  /** requests per minute and IP on invoice verification (raised by the benchmark) */
  verifyRateLimit?: number;
  /** job workers and the daily cron (default on); tests leave them off and run jobs with app.jobs.drain() */
  workers?: boolean;
  /** what the reminders take for now (tests move it) */
  clock?: () => Date;
  /** sees every route as it is registered (the attack suite reads the whole route table through it) */
  onRoute?: (route: RouteOptions) => void;
};

const BODY_LIMIT = 100 * 1024;

export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    // Whatever logger is asked for, it shows errors, requests and URLs without secrets (plugins/logging.ts).
    logger: options.logger ? { ...(options.logger === true ? {} : options.logger), ...LOG_OPTIONS } : false,
    logController: new OneLinePerRequest(),
    bodyLimit: BODY_LIMIT,
    // Per-IP limits rely on the client address: believe X-Forwarded-For only from the proxies named in TRUST_PROXY
    // (a hop count would believe whoever reaches the server directly).
    trustProxy: config.TRUST_PROXY.length ? config.TRUST_PROXY : false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    frameworkErrors,
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  app.decorate('mailer', options.mailer ?? createMailer(config, app.log));
  app.decorate('verifyRateLimit', options.verifyRateLimit ?? RATE_LIMITS.verifyInvoice.max);

  await registerJobs(app, { workers: options.workers ?? true, clock: options.clock ?? (() => new Date()) });
  await registerLive(app);
  registerRemote(app);

  registerErrorHandling(app);
  await registerSecurity(app, config);
  // For what is made per request (API answers, signed-in pages): brotli at quality 4, most of the gain of 11 at a
  // fraction of the CPU; quality 5 cost half as long again for a few per cent fewer bytes (docs/quality.md « Figures behind the code »). The browser's files and the public pages are compressed once, at their best
  // (plugins/pages.ts). Brotli and gzip only: offered zstd too, it would compress on the fly the files kept in brotli.
  // Up to 64 kB, in one synchronous call (the library's default on two cores stops at 8 kB): the stream path's hops
  // through the thread pool made the dashboard wait (bench/client-pages.ts). A 256 kB window (2^18)
  // instead of brotli's 4 MB: what we send per request fits in it, and preparing the larger window cost each small
  // compression more time for the same bytes. Requests are never decompressed: our pages send plain JSON, and a hook
  // per request (a GET included) was paid for a zip-bomb path nobody needs; a compressed body fails as invalid JSON.
  await app.register(compress, {
    globalDecompression: false,
    threshold: 1024,
    syncThreshold: 64 * 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_LGWIN]: 18 } },
  });

  await app.register(healthRoutes);
  await app.register(publicRoutes, { prefix: '/api' });
  await app.register(clientRoutes, { prefix: '/api' });
  await app.register(adminRoutes, { prefix: '/api/admin' });
  await app.register(paymentRoutes, { prefix: '/api' });
  if (options.pages) await registerPages(app);

  app.addHook('onClose', async () => {
    // Workers first: a message being handed over finishes before its transport closes.
    await app.jobs.stop();
    if (!options.mailer) app.mailer.close();
  });
  return app;
}
