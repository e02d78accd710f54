import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, ApiRequestError, NETWORK_ERROR, serverMessage } from './api.ts';

/** The next fetch answers this. */
function answer(status: number, statusText: string, body: string, contentType = 'text/plain; charset=utf-8') {
  vi.stubGlobal(
    'fetch',
    async () => new Response(body, { status, statusText, headers: { 'content-type': contentType } }),
  );
}

async function failure(): Promise<ApiRequestError> {
  const error = await api('/api/quelque-chose').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiRequestError);
  return error as ApiRequestError;
}

describe('[SPEC §7][CLIENT] the fetch wrapper’s failures', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("keeps the server's French message, its field errors and its code", async () => {
    answer(
      400,
      'Bad Request',
      JSON.stringify({
        code: 'VALIDATION',
        message: 'Données invalides',
        fieldErrors: { email: ['Adresse email invalide'] },
      }),
      'application/json',
    );
    const error = await failure();
    expect(error).toMatchObject({ status: 400, message: 'Données invalides', code: 'VALIDATION' });
    expect(error.fieldErrors).toEqual({ email: ['Adresse email invalide'] });
  });

  it('reads « {status}: {body} » when the answer carries no message', async () => {
    answer(503, 'Service Unavailable', 'Maintenance en cours, revenez dans 5 minutes\n');
    expect((await failure()).message).toBe('503: Maintenance en cours, revenez dans 5 minutes');
    answer(500, 'Internal Server Error', '{"erreur":"inattendue"}', 'application/json');
    expect((await failure()).message).toBe('500: {"erreur":"inattendue"}');
  });

  it('reads « {status}: {status text} » when the body is empty or a web page', async () => {
    answer(502, 'Bad Gateway', '');
    expect((await failure()).message).toBe('502: Bad Gateway');
    answer(504, 'Gateway Time-out', '<html><head><title>504 Gateway Time-out</title></head></html>', 'text/html');
    expect((await failure()).message).toBe('504: Gateway Time-out');
  });

  it('gives people a sentence, never the bare « {status}: … »', async () => {
    answer(502, 'Bad Gateway', '');
    expect(serverMessage(await failure(), 'Impossible de charger les données')).toBe(
      'Impossible de charger les données',
    );
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    const offline = await failure();
    expect(offline).toMatchObject({ status: 0, code: 'NETWORK', message: NETWORK_ERROR });
    expect(serverMessage(offline, 'autre')).toBe(NETWORK_ERROR);
  });
});
