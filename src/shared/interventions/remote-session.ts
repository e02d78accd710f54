import { z } from '#shared/common/zod.ts';
import { REMOTE_TOOLS, REMOTE_TOOL_LABELS, type RemoteTool } from './intervention-labels.ts';

/**
 * The ID each tool shows its user, spaces removed (they are printed in groups: « 123 456 789 »). RustDesk may also be
 * given a custom ID on a self-hosted server, AnyDesk an alias ending in @ad. Quick Assist has none on the client's
 * side. No tool's password is ever asked: the technician reads it aloud with the client when connecting.
 */
const ID_FORMATS: Record<Exclude<RemoteTool, 'quick_assist'>, { pattern: RegExp; example: string }> = {
  rustdesk: { pattern: /^(\d{9,10}|[A-Za-z][A-Za-z0-9_-]{5,15})$/, example: '9 chiffres, par exemple 123 456 789' },
  anydesk: {
    pattern: /^(\d{9,10}|[a-z0-9][a-z0-9._-]{0,40}@ad)$/i,
    example: '9 ou 10 chiffres, par exemple 123 456 789, ou un alias en @ad',
  },
  teamviewer: { pattern: /^\d{9,10}$/, example: '9 ou 10 chiffres, par exemple 1 234 567 890' },
};

const normaliseRemoteId = (id: string) => id.replace(/\s+/g, '');

/** What is wrong with an ID typed for a tool, or null when it fits (Quick Assist takes none, so anything fits). */
function remoteIdProblem(tool: RemoteTool, typed: string): string | null {
  if (tool === 'quick_assist') return null;
  const id = normaliseRemoteId(typed);
  if (!id) return `Indiquez l’identifiant ${REMOTE_TOOL_LABELS[tool]} affiché sur votre écran`;
  return ID_FORMATS[tool].pattern.test(id)
    ? null
    : `Identifiant ${REMOTE_TOOL_LABELS[tool]} invalide : ${ID_FORMATS[tool].example}`;
}

/** The fields of « Session à distance », checked together: the ID must fit the chosen tool. */
export const remoteSessionFields = {
  remoteTool: z.enum(REMOTE_TOOLS, { error: 'Choisissez l’outil installé sur votre ordinateur' }),
  remoteId: z.string({ error: 'Identifiant invalide' }).max(60, 'Identifiant trop long'),
};

export function checkRemoteId(v: { remoteTool?: RemoteTool; remoteId?: string }, ctx: z.RefinementCtx) {
  if (!v.remoteTool) return;
  const problem = remoteIdProblem(v.remoteTool, v.remoteId ?? '');
  if (problem) ctx.addIssue({ code: 'custom', path: ['remoteId'], message: problem });
}

/** The dialog's form. */
export const remoteSessionInputSchema = z.object(remoteSessionFields).superRefine(checkRemoteId);
export type RemoteSessionInput = z.input<typeof remoteSessionInputSchema>;

/** What is stored: the ID without its spaces, none for Quick Assist. */
export function storedRemoteSession(tool: RemoteTool | undefined, typed: string | undefined) {
  if (!tool) return { remoteTool: null, remoteId: null };
  return { remoteTool: tool, remoteId: tool === 'quick_assist' ? null : normaliseRemoteId(typed ?? '') };
}

/** How staff open a session: RustDesk registers the rustdesk:// scheme; the others are typed into the tool. */
export function remoteLink(tool: RemoteTool, id: string | null): string | null {
  return tool === 'rustdesk' && id ? `rustdesk://${encodeURIComponent(id)}` : null;
}

/** « 123 456 789 » for a numeric ID, as the tools print it; an alias as typed. */
export function formatRemoteId(id: string): string {
  return /^\d+$/.test(id) ? id.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : id;
}
