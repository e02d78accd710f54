import type { FastifyReply } from 'fastify';
import { PROOF_INLINE_TYPES } from '#shared/devices/device-api.ts';

/**
 * A thread's file or a proof as its stored type (read from its content when it arrived). A download by default; shown
 * in the browser (`inline`) only when asked and only for an image or a PDF (PROOF_INLINE_TYPES). Either way with its
 * own sandboxing policy and nosniff, never a page of our origin: a PDF's scripts or an SVG-like surprise cannot run as
 * the site (a sandboxed document has an origin of its own; Chromium still shows a PDF or an image in it).
 */
export function sendAttachment(
  reply: FastifyReply,
  file: { name: string; mimeType: string; data: Buffer },
  { inline = false } = {},
) {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const disposition = inline && PROOF_INLINE_TYPES.includes(file.mimeType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.mimeType)
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
