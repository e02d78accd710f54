import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { errorAnswerSchema, type ErrorCode } from '#shared/error-codes.ts';
import { buildWorld, PASSWORDS, type World } from './world.ts';

/**
 * Every error answer is `{ code, message, fieldErrors? }` with a code of the shared list: the pages decide by the code
 * (a dead link, a field to mark), never by the French text, which may be reworded.
 */
describe('[SECURITY][ERRORS] every refusal carries a code of the shared list and a French message', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  const cases: Array<{ name: string; status: number; code: ErrorCode; request: (w: World) => InjectOptions }> = [
    {
      name: 'an API path nothing serves',
      status: 404,
      code: 'NOT_FOUND',
      request: () => ({ method: 'GET', url: '/api/nulle-part' }),
    },
    {
      name: 'a path that cannot be decoded',
      status: 400,
      code: 'BAD_URL',
      request: () => ({ method: 'GET', url: '/api/admin/manual-orders/%' }),
    },
    {
      name: 'a body that is not JSON',
      status: 400,
      code: 'INVALID_JSON',
      request: () => ({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json' },
        payload: '{"name":',
      }),
    },
    {
      // Our pages send plain JSON: a compressed body is not unpacked (a zip bomb would have a way in), it is not JSON.
      name: 'a compressed body',
      status: 400,
      code: 'INVALID_JSON',
      request: () => ({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify({ name: 'Jeanne Martin', email: 'jeanne@exemple.fr', message: 'Bonjour' })),
      }),
    },
    {
      name: 'a body of another type',
      status: 415,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      request: () => ({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'text/plain' },
        payload: 'bonjour',
      }),
    },
    {
      name: 'a body over the limit',
      status: 413,
      code: 'BODY_TOO_LARGE',
      request: () => ({
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ message: 'x'.repeat(200_000) }),
      }),
    },
    {
      name: 'a form with empty fields',
      status: 400,
      code: 'VALIDATION',
      request: () => ({ method: 'POST', url: '/api/register', payload: {} }),
    },
    {
      name: 'a back-office call without a session',
      status: 401,
      code: 'UNAUTHENTICATED',
      request: () => ({ method: 'GET', url: '/api/admin/manual-orders' }),
    },
    {
      name: 'a back-office call with a client session',
      status: 403,
      code: 'FORBIDDEN',
      request: (world) => ({ method: 'GET', url: '/api/admin/manual-orders', headers: world.alice.headers }),
    },
    {
      name: 'a wrong staff password',
      status: 401,
      code: 'BAD_CREDENTIALS',
      request: () => ({
        method: 'POST',
        url: '/api/admin/login',
        payload: { username: 'staff', password: 'pas-le-bon-mot-de-passe' },
      }),
    },
    {
      name: 'a wrong current password',
      status: 400,
      code: 'BAD_CURRENT_PASSWORD',
      request: (world) => ({
        method: 'POST',
        url: '/api/client/password',
        headers: world.alice.headers,
        payload: {
          currentPassword: `${PASSWORDS.alice}-x`,
          newPassword: 'Girafe-bleue-2027-long',
          confirmPassword: 'Girafe-bleue-2027-long',
        },
      }),
    },
    {
      name: "another client's request",
      status: 404,
      code: 'NOT_FOUND',
      request: (world) => ({
        method: 'GET',
        url: `/api/client/interventions/${world.bruno.interventionId}/messages`,
        headers: world.alice.headers,
      }),
    },
    {
      name: 'a write from another site',
      status: 403,
      code: 'FORBIDDEN_ORIGIN',
      request: () => ({
        method: 'POST',
        url: '/api/contact',
        headers: { origin: 'https://pirate.example' },
        payload: {},
      }),
    },
  ];

  it.each(cases)('$name: $status $code', async ({ status, code, request }) => {
    const res = await w.t.app.inject(request(w));
    expect(res.statusCode, res.body).toBe(status);
    const answer = errorAnswerSchema.parse(res.json());
    expect(answer.code).toBe(code);
    if (code === 'VALIDATION') expect(Object.keys(answer.fieldErrors ?? {}).length).toBeGreaterThan(0);
  });
});
