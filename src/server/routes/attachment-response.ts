import type { FastifyReply } from 'fastify';

/**
 * A thread's file as its stored type (read from its content when it arrived). Always a download with its own
 * sandboxing policy, never a page of our origin: a PDF's scripts or an SVG-like surprise cannot run as the site.
 */
export function sendAttachment(reply: FastifyReply, file: { name: string; mimeType: string; data: Buffer }) {
  const ascii = file.name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return reply
    .header('content-type', file.mimeType)
    .header('content-disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
