import type { ComponentProps } from 'react';
import { Conversation } from '#client/components/thread/conversation.tsx';
import { clientKeys } from '#client/pages/client/api/queries.ts';
import { InterventionFeedback } from './intervention-feedback.tsx';

/** Under each of the client's requests, wherever it is listed: the conversation with the team, then closing or rating. */
export function InterventionFollowUp({ item }: { item: ComponentProps<typeof InterventionFeedback>['request'] }) {
  return (
    <>
      <Conversation
        basePath={`/api/client/interventions/${item.id}`}
        queryKey={[...clientKeys.interventions, 'thread', item.id]}
        refreshKey={clientKeys.interventions}
        viewer="client"
      />
      <InterventionFeedback request={item} />
    </>
  );
}
