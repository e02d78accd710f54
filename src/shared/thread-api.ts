// The conversation on a request, the same for its client (/api/client/interventions/:id/messages) and for staff
// (/api/admin/interventions/:id/messages): GET reads the thread, POST writes in it, POST …/read marks it read.
import { z } from './schemas/zod';
import { isPrintable, UNPRINTABLE_MESSAGE } from './schemas/common';
import type { MessageAuthor } from './labels';

export const MESSAGE_MAX = 4000;

/** POST …/messages: the text typed (the same check in the form and on the server). */
export const messageInputSchema = z.object({
  body: z.string({ error: 'Écrivez votre message' }).trim().min(1, 'Écrivez votre message')
    .max(MESSAGE_MAX, `Le message ne peut pas dépasser ${MESSAGE_MAX} caractères`).refine(isPrintable, UNPRINTABLE_MESSAGE),
});
export type MessageInput = z.input<typeof messageInputSchema>;

export type ThreadMessage = {
  id: number;
  author: MessageAuthor;
  /** « Vous » is decided by the page; staff see the technician's username, the client sees « Technicien » */
  authorName: string;
  body: string;
  createdAt: string;
};

export type Thread = {
  messages: ThreadMessage[];
  /** when the other side last opened the thread: the messages before it are « Lu » */
  readByOtherAt: string | null;
  /** false once the request is completed or cancelled: the thread is kept, nobody writes in it */
  open: boolean;
};

export const THREAD_CLOSED = 'Cette demande est close : créez une nouvelle demande pour nous écrire.';
