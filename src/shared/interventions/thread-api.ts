// The conversation on a request, the same for its client (/api/client/interventions/:id/messages) and for staff
// (/api/admin/interventions/:id/messages): GET reads the thread, POST writes in it, POST …/read marks it read.
import { z } from '#shared/common/zod.ts';
import { isPrintable, UNPRINTABLE_MESSAGE } from '#shared/common/fields.ts';
import { MESSAGE_AUTHORS } from './intervention-labels.ts';
import { MAX_ID } from '#shared/common/query.ts';

const MESSAGE_MAX = 4000;

export const ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;
export const ATTACHMENT_TOO_BIG = 'Le fichier dépasse 5 Mo : envoyez une capture plus petite ou un PDF allégé.';
export const ATTACHMENT_BAD_TYPE = 'Seules les images (PNG, JPEG, GIF, WebP) et les PDF sont acceptés.';
/** What a body without a file may weigh at most: the text (4,000 characters, each at most 6 bytes escaped) and JSON. */
export const TEXT_BODY_MAX = 64 * 1024;
/** A request's body with one file in base64 (4/3 of its size) and the text: the route's own limit. */
export const MESSAGE_BODY_LIMIT = Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + TEXT_BODY_MAX;
/** The 413 of a body over MESSAGE_BODY_LIMIT, refused from its Content-Length or while it arrives. */
export const MESSAGE_TOO_LARGE =
  'Votre envoi dépasse 5 Mo : joignez un fichier plus léger (une capture d’écran ou un PDF allégé).';

const megabytes = (bytes: number) =>
  new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / (1024 * 1024));
/** A client's files take room on our server: past their quota (ATTACHMENT_QUOTA_MB) a new file is refused. */
export const attachmentQuotaMessage = (usedBytes: number, quotaBytes: number) =>
  `Vos pièces jointes occupent déjà ${megabytes(usedBytes)} Mo sur les ${megabytes(quotaBytes)} Mo prévus pour votre compte : ` +
  'envoyez votre message sans fichier ou avec un fichier plus léger, ou contactez-nous pour supprimer vos anciennes pièces jointes.';

/**
 * POST …/messages: the text typed and at most one file (its bytes in base64). The same check in the form and on the
 * server; the file's type is read from its content on the server, whatever its name says.
 */
export const messageInputSchema = z
  .object({
    body: z
      .string({ error: 'Écrivez votre message' })
      .trim()
      .max(MESSAGE_MAX, `Le message ne peut pas dépasser ${MESSAGE_MAX} caractères`)
      .refine(isPrintable, UNPRINTABLE_MESSAGE),
    attachment: z
      .object({
        name: z
          .string({ error: 'Nom de fichier invalide' })
          .trim()
          .min(1, 'Nom de fichier invalide')
          .max(200, 'Nom de fichier trop long')
          .refine(isPrintable, UNPRINTABLE_MESSAGE),
        data: z
          .base64({ error: 'Fichier illisible : choisissez-le à nouveau.' })
          .max(Math.ceil((ATTACHMENT_MAX_BYTES * 4) / 3) + 4, ATTACHMENT_TOO_BIG),
      })
      .optional(),
  })
  .refine((v) => v.body.length > 0 || v.attachment, { path: ['body'], message: 'Écrivez votre message' });
export type MessageInput = z.input<typeof messageInputSchema>;

const threadMessageSchema = z.object({
  id: z.number().int(),
  author: z.enum(MESSAGE_AUTHORS),
  /** « Vous » is decided by the page; staff see the technician's username, the client sees « Technicien » */
  authorName: z.string(),
  body: z.string(),
  /** a line about the request (the end of a screen share), shown as an event rather than someone's message */
  notice: z.boolean(),
  createdAt: z.string(),
  attachments: z.array(
    z.object({ id: z.number().int(), name: z.string(), mimeType: z.string(), size: z.number().int() }),
  ),
});

export const threadSchema = z.object({
  messages: z.array(threadMessageSchema),
  /** when the other side last opened the thread: the messages before it are « Lu » */
  readByOtherAt: z.string().nullable(),
  /** false once the request is completed or cancelled: the thread is kept, nobody writes in it */
  open: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

/**
 * POST …/messages/read: the reader has seen the thread up to this message (the newest the page shows), so one written
 * meanwhile is not « Lu ». Without it, everything written so far.
 */
export const threadReadSchema = z
  .object({
    upTo: z
      .number({ error: 'Message invalide' })
      .int('Message invalide')
      .positive('Message invalide')
      .max(MAX_ID, 'Message invalide'),
  })
  .partial();

export const THREAD_CLOSED = 'Cette demande est close : créez une nouvelle demande pour nous écrire.';
/** Staff's reply on a request closed meanwhile (by the client, a colleague, or the client's erasure). */
export const THREAD_CLOSED_FOR_STAFF = 'Cette demande est close : elle ne reçoit plus de messages.';
