import type { FastifySchemaCompiler } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { validationError } from './http-error.ts';

/**
 * Every route declares its params, query, body and responses with the shared zod schemas (the forms' own), through
 * fastify-type-provider-zod: handlers get the parsed, typed values, and a response is encoded by its schema, so a
 * field the schema does not name never leaves the server. A refused input is the same French 400 as `parseInput`.
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data ?? {});
    return result.success ? { value: result.data } : { error: validationError(result.error) };
  };

export { serializerCompiler };

/**
 * Route options for a small, hot JSON answer: a few hundred bytes are not worth compressing, so compression is
 * skipped (requests are never decompressed: app.ts).
 */
export function smallJsonReply<S extends z.ZodType>(schema: S) {
  return { compress: false as const, schema: { response: { 200: schema } } };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A route whose answer is not JSON (a PDF, a zip, an attachment, a redirect) declares it here instead of a
     * response schema; the attack suite's route table fails for any other route without one.
     */
    rawReply?: 'file' | 'redirect';
  }
}
export const FILE_REPLY = { rawReply: 'file' } as const;
export const REDIRECT_REPLY = { rawReply: 'redirect' } as const;
