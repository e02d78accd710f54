import { z } from 'zod';

/**
 * Route options for a small JSON answer described by a shared zod schema. Fastify serialises it from the JSON
 * schema (faster than JSON.stringify, and nothing undeclared can leave the server); a few hundred bytes are not
 * worth compressing, so compression is skipped (and a GET has no body to decompress).
 */
export function smallJsonReply(schema: z.ZodType) {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return { compress: false as const, decompress: false as const, schema: { response: { 200: json } } };
}
