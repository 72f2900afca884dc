/**
 * Turns every failure into {"error":{"code","message","details"}}. Input errors name the failing fields;
 * a 5xx never carries internals (they go to the log with the request id instead).
 *
 * That includes what Fastify and Node answer before a route runs (security review item 13): a URL with
 * malformed percent-encoding or too long, headers over Node's limit, a request the HTTP parser cannot read,
 * invalid JSON, a body over the limit, a content type no parser takes. ADMS (/iclock) answers the same
 * failures as text for the devices' firmware: `ERROR: <message>` with the same status (admsErrorHandler).
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { acceptedLanguages, pickLanguage, translator, type Language } from '../../../shared/i18n/index.js';
import { localizeMessage } from '../../../shared/i18n/localize.js';
import { validation as V } from '../../../shared/i18n/en/validation.js';
import { MESSAGES, type ErrorCode } from '../../../shared/messages.js';
import { AppError, type FieldIssue } from './errors.js';
import { scimErrorBody } from '../modules/scim/errors.js';

/** Longest request target (path and query) the API reads; longer answers 414. */
export const MAX_URL_LENGTH = 8 * 1024;

function fieldIssues(error: FastifyError): FieldIssue[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((v) => {
    const path = [context, ...v.instancePath.split('/').filter(Boolean)];
    // Unknown fields are reported on the field itself, not on the object that holds it.
    const keys = v.keyword === 'unrecognized_keys' ? ((v.params as { keys?: string[] }).keys ?? []) : [];
    if (keys.length > 0)
      return {
        path: [...path, keys.join(',')].join('.'),
        message: V.unknownField.replace('{{fields}}', keys.join(', ')),
      };
    return { path: path.join('.'), message: v.message ?? V.invalid };
  });
}

/** Fastify's own client errors, by its code, as ours. */
const FRAMEWORK_CODES: Record<string, [number, ErrorCode]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'INVALID_JSON'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'BAD_REQUEST'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'BAD_REQUEST'],
  FST_ERR_BAD_URL: [400, 'MALFORMED_URL'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'URI_TOO_LONG'],
};

/** Any other client error, by status. */
const STATUS_CODES: Record<number, ErrorCode> = {
  400: 'BAD_REQUEST',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  431: 'HEADERS_TOO_LARGE',
};

/**
 * What a failure answers: status, code, message, details and headers. AppErrors as they are; schema
 * failures as VALIDATION naming the fields; framework client errors by the tables above; the rest 500.
 */
export function describeError(error: FastifyError): {
  status: number;
  code: string;
  message: string;
  details?: unknown;
  headers?: Record<string, string>;
} {
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      code: error.code,
      message: error.message,
      ...(error.details !== undefined ? { details: error.details } : {}),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error))
    return { status: 400, code: 'VALIDATION', message: MESSAGES.VALIDATION, details: { fields: fieldIssues(error) } };
  const known = error.code ? FRAMEWORK_CODES[error.code] : undefined;
  if (known) return { status: known[0], code: known[1], message: MESSAGES[known[1]] };
  // secure-json-parse refuses __proto__ and constructor.prototype keys with a SyntaxError.
  if (error instanceof SyntaxError) return { status: 400, code: 'INVALID_JSON', message: MESSAGES.INVALID_JSON };
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = STATUS_CODES[status] ?? 'BAD_REQUEST';
    return { status, code, message: MESSAGES[code] };
  }
  return { status: 500, code: 'INTERNAL', message: MESSAGES.INTERNAL };
}

/**
 * The language of a request's messages (docs/i18n.md): the signed-in caller's own choice, else the request's
 * Accept-Language (the renderer sends its interface's language, which already follows the company's default).
 */
export function requestLanguage(request: FastifyRequest): Language {
  return pickLanguage(request.auth?.language, ...acceptedLanguages(request.headers['accept-language']));
}

/** An answer's message and field messages in a language; English texts the catalogue lacks stay English. */
export function localizeAnswer(
  answer: { code: string; message: string; details?: unknown },
  language: Language,
): { message: string; details?: unknown } {
  if (language === 'en') return answer;
  const t = translator(language) as unknown as (key: string, options?: Record<string, string>) => string;
  const english = (MESSAGES as Record<string, string>)[answer.code];
  const message =
    english !== undefined && answer.message === english
      ? t(`errors:${answer.code}`)
      : english !== undefined && answer.message.startsWith(`${english} `)
        ? `${t(`errors:${answer.code}`)}${answer.message.slice(english.length)}`
        : localizeMessage(answer.message, t);
  const details = answer.details as { fields?: { path: string; message: string }[] } | undefined;
  if (!details || !Array.isArray(details.fields)) return { message, details: answer.details };
  return {
    message,
    details: { ...details, fields: details.fields.map((f) => ({ ...f, message: localizeMessage(f.message, t) })) },
  };
}

export function registerErrorHandling(app: FastifyInstance): void {
  // Before routing and before access control: a request target too long to be sensible is refused whole.
  app.addHook('onRequest', (request, _reply, done) => {
    if ((request.raw.url ?? '').length > MAX_URL_LENGTH)
      return done(new AppError(414, 'URI_TOO_LONG', MESSAGES.URI_TOO_LONG, { maxLength: MAX_URL_LENGTH }));
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its schema');
      if (isScimRequest(request))
        return reply
          .status(500)
          .type('application/scim+json; charset=utf-8')
          .send(scimErrorBody({ status: 500, code: 'INTERNAL', message: MESSAGES.INTERNAL }));
      return reply.status(500).send({ error: { code: 'INTERNAL', message: MESSAGES.INTERNAL } });
    }
    const answer = describeError(error);
    if (answer.status >= 500) request.log.error({ err: error }, 'unhandled error');
    if (answer.headers) void reply.headers(answer.headers);
    // SCIM routes answer RFC 7644's error schema, whatever failed (docs/sso.md).
    if (isScimRequest(request))
      return reply.status(answer.status).type('application/scim+json; charset=utf-8').send(scimErrorBody(answer));
    const said = localizeAnswer(answer, requestLanguage(request));
    const body: { code: string; message: string; details?: unknown } = { code: answer.code, message: said.message };
    if (said.details !== undefined) body.details = said.details;
    return reply.status(answer.status).send({ error: body });
  });
}

/** A request to a SCIM route, or one under /api/scim/ that matched none. */
export function isScimRequest(request: FastifyRequest): boolean {
  return request.routeOptions.config.access === 'scim' || (request.url ?? '').startsWith('/api/scim/');
}

/**
 * Fastify's `frameworkErrors`: a malformed percent-encoding in the path (FST_ERR_BAD_URL) or a path
 * parameter over the router's length limit (FST_ERR_MAX_PARAM_LENGTH), found while routing, before any
 * hook or error handler.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const answer = describeError(error);
  const { message } = localizeAnswer(answer, requestLanguage(request));
  void reply.status(answer.status).send({ error: { code: answer.code, message } });
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request (headers over `maxHeaderSize`,
 * a malformed request line or header, a request timeout) and no request object exists. Answers the error
 * shape on the raw socket and closes it, as Node would, but with a JSON body.
 */
export function clientErrorHandler(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code]: [number, ErrorCode] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'HEADERS_TOO_LARGE']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'BAD_REQUEST']
        : [400, 'BAD_REQUEST'];
  const reason =
    status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request';
  const body = JSON.stringify({ error: { code, message: MESSAGES[code] } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * The error handler of the ADMS plugin (/iclock). Devices read text: every failure answers
 * `ERROR: <message>` as text/plain with the status the JSON API would give (413 for a body over the
 * limit, 400 for a bad request, 429 with Retry-After over the rate limit, 500 for a fault, whose detail
 * stays in the log). Firmware reads only the status and whether the body starts with OK, then waits
 * ErrorDelay seconds before retrying (docs/security.md, "Errors").
 */
export function admsErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const answer = describeError(error);
  const serial = (request.query as Record<string, string | undefined> | undefined)?.['SN'];
  if (answer.headers) void reply.headers(answer.headers);
  let message = answer.message;
  if (answer.status === 429) {
    // Devices wait ErrorDelay seconds after a failed request; Retry-After tells other clients when to come back.
    const seconds = (answer.details as { retryAfterSeconds?: number } | undefined)?.retryAfterSeconds ?? 60;
    request.log.warn({ serial, ip: request.ip }, 'ADMS rate limit reached');
    void reply.header('retry-after', String(seconds));
    message = `too many requests, retry after ${seconds} s`;
  } else if (answer.status >= 500) {
    request.log.error({ err: error }, 'ADMS request failed');
    return reply.status(500).type('text/plain; charset=utf-8').send('ERROR');
  } else {
    request.log.warn({ serial, ip: request.ip, code: answer.code }, 'ADMS request refused');
  }
  return reply.status(answer.status).type('text/plain; charset=utf-8').send(`ERROR: ${message}`);
}
