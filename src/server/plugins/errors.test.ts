import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '#shared/error-codes.ts';
import { HttpError } from '#server/http-error.ts';
import { registerErrorHandling } from './errors.ts';

describe('[FAULTS] a request that needs a stopped database', () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  // What pg throws when PostgreSQL has been stopped: the user must read a French 503, not a 500.
  app.get('/api/orders', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  });
  app.get('/compte', async () => {
    throw new Error('Connection terminated unexpectedly');
  });

  it('answers 503 DATABASE_UNAVAILABLE in French with Retry-After to an API call', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/orders' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBeDefined();
    expect(response.json()).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      message: expect.stringContaining('base de données'),
    });
  });

  it('answers a 503 page to a browser', async () => {
    const response = await app.inject({ method: 'GET', url: '/compte', headers: { accept: 'text/html' } });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('Service momentanément indisponible');
  });
});

describe('[FAULTS] an error raised by its code', () => {
  const app = Fastify({ logger: false });
  registerErrorHandling(app);
  app.get<{ Params: { code: ErrorCode } }>('/api/raise/:code', async (request) => {
    throw new HttpError(request.params.code, 'Message en français', { champ: ['Message en français'] });
  });

  it.each(Object.entries(ERROR_STATUS))('%s always answers %i, with its code and message', async (code, status) => {
    const response = await app.inject({ method: 'GET', url: `/api/raise/${code}` });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual({
      code,
      message: 'Message en français',
      fieldErrors: { champ: ['Message en français'] },
    });
  });

  it('keeps client errors and server errors apart in the map', () => {
    for (const [code, status] of Object.entries(ERROR_STATUS)) {
      const serverSide = ['DATABASE_UNAVAILABLE', 'SERVER_ERROR', 'BACKUP_FAILED', 'PROVIDER_UNAVAILABLE', 'LIVE_BUSY'];
      expect(status >= 500, code).toBe(serverSide.includes(code));
    }
  });
});
