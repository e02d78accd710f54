import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_HEADER,
  type IssuedCredentials,
  type OrderCreated,
  type OrderDto,
} from '#shared/orders/order-api.ts';
import type { OrderInput, OrderUpdate } from '#shared/orders/order-input.ts';
import type { CreditNoteInput, OrderDocuments } from '#shared/billing/invoice-api.ts';
import { ApiRequestError, api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

/** An order touches the order list, the customers, the figures and the subscriptions. */
function invalidateOrderViews(client: QueryClient) {
  return Promise.all([
    client.invalidateQueries({ queryKey: adminKeys.orders }),
    client.invalidateQueries({ queryKey: adminKeys.customers }),
    client.invalidateQueries({ queryKey: adminKeys.stats }),
    client.invalidateQueries({ queryKey: adminKeys.subscriptions }),
  ]);
}

/** A fresh key for one order being filled in (getRandomValues: randomUUID needs HTTPS). */
export function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * `key` names the order being filled in: sent again with it after a lost answer, the order is created once (the
 * server answers 200 with the order it already made).
 */
export function useCreateOrder() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: OrderInput; key: string }) =>
      api<OrderCreated>('/api/admin/manual-orders', {
        method: 'POST',
        json: input,
        headers: { [IDEMPOTENCY_HEADER]: key },
      }),
    onSuccess: () => invalidateOrderViews(client),
    // Refused because an earlier send made the order: the list shows it.
    onError: (error) => {
      if (error instanceof ApiRequestError && error.code === 'IDEMPOTENCY_MISMATCH') void invalidateOrderViews(client);
    },
  });
}

export function useUpdateOrder(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<OrderUpdate>) =>
      api<OrderDto>(`/api/admin/manual-orders/${id}`, { method: 'PATCH', json: patch }),
    onSuccess: () => invalidateOrderViews(client),
  });
}

export function useIssueCreditNote(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: CreditNoteInput) =>
      api<OrderDto & OrderDocuments>(`/api/admin/manual-orders/${id}/credit-notes`, { method: 'POST', json: values }),
    // the audit (Historique) lives under the orders' key
    onSuccess: () => invalidateOrderViews(client),
  });
}

export function useRegenerateCredentials(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<IssuedCredentials>(`/api/admin/manual-orders/${id}/credentials`, { method: 'POST' }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: adminKeys.orders }),
        client.invalidateQueries({ queryKey: adminKeys.customers }),
      ]),
  });
}

export function suggestCredentials(name: string) {
  return api<IssuedCredentials>(`/api/admin/credentials/suggest?name=${encodeURIComponent(name)}`);
}
