/**
 * Turns every failure into {"error":{"code","message","details"}}. Input errors name the failing fields;
 * a 5xx never carries internals (they go to the log with the request id instead).
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MESSAGES } from '../../../shared/messages.js';
import { AppError, type FieldIssue } from './errors.js';

function fieldIssues(error: FastifyError): FieldIssue[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((v) => {
    const path = [context, ...v.instancePath.split('/').filter(Boolean)];
    // Unknown fields are reported on the field itself, not on the object that holds it.
    const keys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
    if (keys.length > 0)
      return { path: [...path, keys.join(',')].join('.'), message: `Unknown field: ${keys.join(', ')}` };
    return { path: path.join('.'), message: v.message ?? 'Invalid value' };
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      const body: { code: string; message: string; details?: unknown } = { code: error.code, message: error.message };
      if (error.details !== undefined) body.details = error.details;
      return reply.status(error.statusCode).send({ error: body });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ error: { code: 'VALIDATION', message: MESSAGES.VALIDATION, details: { fields: fieldIssues(error) } } });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      return reply.status(500).send({ error: { code: 'INTERNAL', message: MESSAGES.INTERNAL } });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'The request body is not valid JSON.'
          : error.message;
      return reply.status(status).send({ error: { code: error.code ?? 'BAD_REQUEST', message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: { code: 'INTERNAL', message: MESSAGES.INTERNAL } });
  });
}
