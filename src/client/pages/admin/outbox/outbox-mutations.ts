import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import { api } from '#client/lib/api.ts';
import { adminKeys } from '#client/pages/admin/api/queries.ts';

/** « Renvoyer »: a failed message goes back to the queue; the list then shows it waiting. */
export function useResendMail(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<OutboxMessageDto>(`/api/admin/outbox/${id}/resend`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.outbox }),
  });
}
