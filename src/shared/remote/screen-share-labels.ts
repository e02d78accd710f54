// How a screen share ended: one tuple feeding the column's enum, the API and the journal.
export const SCREEN_SHARE_END_REASONS = [
  'client', // « Arrêter le partage », or the browser's own stop control
  'staff', // the member closed the viewer with « Terminer », or may no longer watch (disabled, signed out, moved off)
  'page_closed', // the client's tab was closed or reloaded, went silent, or could no longer follow the share
  'sign_out', // the session that opened it ended: signed out, a new password, the account erased, or expired
] as const;
export type ScreenShareEndReason = (typeof SCREEN_SHARE_END_REASONS)[number];
