import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientOrder } from '#shared/orders/order-api.ts';
import type { PendingOrderInput } from '#shared/orders/pending-order-api.ts';
import { api } from '#client/lib/api.ts';
import { clientKeys } from './queries.ts';

/**
 * « Renouveler » / « Changer de formule »: POST /api/subscriptions records a pending order that staff confirm. Without
 * a session (ended in another tab, expired), docs/specification.md §8: the « Erreur » toast reads the server's « Vous
 * devez être connecté pour vous abonner », then the sign-in page.
 */
export function useSubscribe() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PendingOrderInput) => api<ClientOrder>('/api/subscriptions', { method: 'POST', json: input }),
    meta: { unauthorizedTitle: 'Erreur' },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: clientKeys.orders }),
        client.invalidateQueries({ queryKey: clientKeys.subscription }),
      ]),
  });
}
