// An intervention's statuses, urgencies and remote tools, with the labels users read.

export const URGENCIES = ['low', 'medium', 'high'] as const;
export type Urgency = (typeof URGENCIES)[number];
export const URGENCY_LABELS: Record<Urgency, string> = { low: 'Faible', medium: 'Moyenne', high: 'Élevée' };

export const INTERVENTION_STATUSES = ['pending', 'in_progress', 'completed', 'cancelled'] as const;
export type InterventionStatus = (typeof INTERVENTION_STATUSES)[number];
export const INTERVENTION_STATUS_LABELS: Record<InterventionStatus, string> = {
  pending: 'En attente',
  in_progress: 'En cours',
  completed: 'Terminée',
  cancelled: 'Annulée',
};

/**
 * The remote-control tools a client may have installed for « Session à distance ». Quick Assist has no ID on the
 * client's side: the technician gives a code to type, so none is asked.
 */
export const REMOTE_TOOLS = ['rustdesk', 'anydesk', 'teamviewer', 'quick_assist'] as const;
export type RemoteTool = (typeof REMOTE_TOOLS)[number];
export const REMOTE_TOOL_LABELS: Record<RemoteTool, string> = {
  rustdesk: 'RustDesk',
  anydesk: 'AnyDesk',
  teamviewer: 'TeamViewer',
  quick_assist: 'Assistance rapide (Quick Assist)',
};

/** Who wrote a message in the thread of a request. */
export const MESSAGE_AUTHORS = ['client', 'staff'] as const;

/** What each side reads on a request whose thread holds a message of the other side it has not read. */
export const UNREAD_LABELS = { client: 'Nouvelle réponse', staff: 'Nouveau message du client' } as const;
