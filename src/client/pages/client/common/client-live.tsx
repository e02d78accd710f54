import { useQueryClient } from '@tanstack/react-query';
import { useLiveEvents } from '../../../lib/live-events';
import { clientKeys } from '../api/queries';

/** The client's requests reload by themselves when staff answer, take them or change their status (their own only). */
export function ClientLive() {
  const client = useQueryClient();
  useLiveEvents('/api/client/events', () => void client.invalidateQueries({ queryKey: clientKeys.interventions }));
  return null;
}
