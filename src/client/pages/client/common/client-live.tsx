import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '#client/lib/live-events.ts';
import { clientKeys } from '#client/pages/client/api/queries.ts';

/** The client's requests reload by themselves when staff answer, take them or change their status (their own only). */
export function ClientLive() {
  const client = useQueryClient();
  useLiveEvents('/api/client/events', () => void client.invalidateQueries({ queryKey: clientKeys.interventions }));
  return null;
}
