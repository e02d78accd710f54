import { z } from '#shared/common/zod.ts';
import { REMOTE_TOOLS, REMOTE_TOOL_LABELS, type RemoteTool } from './intervention-labels.ts';
import { REMOTE_TOOL_SPECS } from './remote-tools.ts';

// No tool's password is ever asked: the technician reads it aloud with the client when connecting.

const normaliseRemoteId = (id: string) => id.replace(/\s+/g, '');

/** What is wrong with an ID typed for a tool, or null when it fits (Quick Assist takes none, so anything fits). */
function remoteIdProblem(tool: RemoteTool, typed: string): string | null {
  const format = REMOTE_TOOL_SPECS[tool].id;
  if (!format) return null;
  const id = normaliseRemoteId(typed);
  if (!id) return `Indiquez l’identifiant ${REMOTE_TOOL_LABELS[tool]} affiché sur votre écran`;
  return format.pattern.test(id) ? null : `Identifiant ${REMOTE_TOOL_LABELS[tool]} invalide : ${format.example}`;
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
  return { remoteTool: tool, remoteId: REMOTE_TOOL_SPECS[tool].id ? normaliseRemoteId(typed ?? '') : null };
}

/** How staff open a session: the tool's documented link (RustDesk, AnyDesk); null where the ID is copied instead. */
export function remoteLink(tool: RemoteTool, id: string | null): string | null {
  const link = REMOTE_TOOL_SPECS[tool].link;
  return link && id ? link(id) : null;
}

/** « 123 456 789 » for a numeric ID, as the tools print it; an alias as typed. */
export function formatRemoteId(id: string): string {
  return /^\d+$/.test(id) ? id.replace(/\B(?=(\d{3})+(?!\d))/g, ' ') : id;
}
