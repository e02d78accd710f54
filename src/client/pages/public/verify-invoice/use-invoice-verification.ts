import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, NETWORK_ERROR, api } from '#client/lib/api.ts';
import type { InvoiceVerification } from '#shared/billing/invoice-verification.ts';

const NOT_FOUND = 'Facture non trouvée. Vérifiez votre clé de vérification.';
const FAILED = 'Erreur lors de la vérification. Veuillez réessayer.';

export type VerificationState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; invoice: InvoiceVerification }
  | { status: 'error'; message: string };

/** docs/specification.md §8: 404, network failure and any other status each get their own French message. */
function messageFor(error: unknown): string {
  if (!(error instanceof ApiRequestError)) return FAILED;
  if (error.status === 404) return NOT_FOUND;
  if (error.status === 0) return NETWORK_ERROR;
  // Over the rate limit the server says how long to wait, which is more useful than "try again".
  if (error.status === 429) return error.message;
  return FAILED;
}

/** Calls GET /api/verify-invoice/:key; a newer check cancels the one still running. */
export function useInvoiceVerification() {
  const [state, setState] = useState<VerificationState>({ status: 'idle' });
  const current = useRef<AbortController | null>(null);
  useEffect(() => () => current.current?.abort(), []);

  const verify = useCallback(async (key: string) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'loading' });
    try {
      const invoice = await api<InvoiceVerification>(`/api/verify-invoice/${encodeURIComponent(key)}`, {
        signal: controller.signal,
      });
      if (!controller.signal.aborted) setState({ status: 'found', invoice });
    } catch (error) {
      if (!controller.signal.aborted) setState({ status: 'error', message: messageFor(error) });
    }
  }, []);

  const reset = useCallback(() => {
    current.current?.abort();
    setState({ status: 'idle' });
  }, []);

  return { state, verify, reset };
}
