import type { ComponentProps } from 'react';
import { Conversation } from '#client/components/thread/conversation.tsx';
import { clientKeys } from '#client/pages/client/api/queries.ts';
import { InterventionFeedback } from './intervention-feedback.tsx';
import { ShareScreenButton } from '#client/pages/client/screen-share/share-screen-button.tsx';

/** Under each of the client's requests, wherever it is listed: the conversation with the team, then closing or rating. */
export function InterventionFollowUp({
  item,
  linked = false,
}: {
  item: ComponentProps<typeof InterventionFeedback>['request'] & { unreadReply: boolean };
  /** the request a mail's link names: its conversation opens, as the mail was about a message */
  linked?: boolean;
}) {
  return (
    <>
      {/* An open request: the technician may watch the screen while helping. */}
      {(item.status === 'pending' || item.status === 'in_progress') && (
        <ShareScreenButton open={() => Promise.resolve(item.id)} size="sm" className="mt-3" />
      )}
      <Conversation
        basePath={`/api/client/interventions/${item.id}`}
        queryKey={[...clientKeys.interventions, 'thread', item.id]}
        refreshKey={clientKeys.interventions}
        viewer="client"
        openFirst={linked}
        unread={item.unreadReply}
      />
      <InterventionFeedback request={item} />
    </>
  );
}
