import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxMessageDto } from '../../../../shared/admin-api';
import { api } from '../../../lib/api';
import { adminKeys } from '../api/queries';

/** « Renvoyer »: a failed message goes back to the queue; the list then shows it waiting. */
export function useResendMail(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<OutboxMessageDto>(`/api/admin/outbox/${id}/resend`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.outbox }),
  });
}
