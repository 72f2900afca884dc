/**
 * What the API reads before validation (security review item 14): JSON bodies are UTF-8 without a
 * duplicate key, and no string anywhere in a request's params, query or body carries a control character
 * but tab and line breaks, a bidi override or a lone surrogate. Each field's own rule (shared/validation:
 * single-line or multi-line text) then applies on top. See docs/security.md, "Input".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { validation as V } from '../../../shared/i18n/en/validation.js';
import { MESSAGES } from '../../../shared/messages.js';
import { findUncleanText, MULTI_LINE_TEXT_MESSAGE } from '../../../shared/text-rules.js';
import { AppError, errors } from './errors.js';

const utf8 = new TextDecoder('utf-8', { fatal: true });

const invalidJson = (details?: unknown) => new AppError(400, 'INVALID_JSON', MESSAGES.INVALID_JSON, details);

/**
 * The path (`body.a.b`) of the first key that appears twice in one object of a JSON text, or undefined.
 * Runs on text JSON.parse already accepted, so it only walks the structure; JSON.parse itself keeps the
 * last of two equal keys without a word, which lets a body say one thing to a reviewer and another to us.
 */
export function findDuplicateKey(text: string, root = 'body'): string | undefined {
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r')) i++;
  };
  const readString = (): string => {
    let j = i + 1;
    while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
    const value = JSON.parse(text.slice(i, j + 1)) as string;
    i = j + 1;
    return value;
  };
  const walk = (path: string): string | undefined => {
    skipSpace();
    const c = text[i];
    if (c === '{') {
      i++;
      const seen = new Set<string>();
      skipSpace();
      if (text[i] === '}') return void i++;
      for (;;) {
        skipSpace();
        const key = readString();
        const at = `${path}.${key}`;
        if (seen.has(key)) return at;
        seen.add(key);
        skipSpace();
        i++; // the colon
        const found = walk(at);
        if (found) return found;
        skipSpace();
        if (text[i++] === '}') return undefined;
      }
    }
    if (c === '[') {
      i++;
      skipSpace();
      if (text[i] === ']') return void i++;
      for (let n = 0; ; n++) {
        const found = walk(`${path}.${n}`);
        if (found) return found;
        skipSpace();
        if (text[i++] === ']') return undefined;
      }
    }
    if (c === '"') return void readString();
    while (i < text.length && !',]} \t\n\r'.includes(text[i]!)) i++;
    return undefined;
  };
  return walk(root);
}

export function registerInputHygiene(app: FastifyInstance): void {
  // Fastify's own JSON parser (with its __proto__ and constructor.prototype refusal) behind two checks:
  // the bytes are UTF-8 (the default decoding would turn invalid bytes into U+FFFD silently) and no
  // object repeats a key.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  const parser: Parameters<typeof app.addContentTypeParser>[2] = (request, body, done) => {
    let text: string;
    try {
      text = utf8.decode(body as Buffer);
    } catch {
      return done(invalidJson({ fields: [{ path: 'body', message: V.bodyUtf8 }] }), undefined);
    }
    parseJson(request, text, (error, value) => {
      if (error) return done(error, undefined);
      let duplicate: string | undefined;
      try {
        duplicate = findDuplicateKey(text);
      } catch {
        // Nesting deeper than the stack: no form of ours sends that.
        return done(invalidJson({ fields: [{ path: 'body', message: V.bodyTooDeep }] }), undefined);
      }
      if (duplicate) return done(invalidJson({ fields: [{ path: duplicate, message: V.duplicateKey }] }), undefined);
      done(null, value);
    });
  };
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, parser);
  // SCIM clients send their own media type (RFC 7644 §3.1); it is JSON and is read the same way.
  app.addContentTypeParser('application/scim+json', { parseAs: 'buffer' }, parser);

  // Every string of every /api request, whatever its field's own rule (/iclock carries device text).
  app.addHook('preValidation', (request: FastifyRequest, _reply, done) => {
    if (!request.url.startsWith('/api/')) return done();
    const path =
      findUncleanText(request.params, 'params') ??
      findUncleanText(request.query, 'querystring') ??
      findUncleanText(request.body, 'body');
    done(path ? errors.validation([{ path, message: MULTI_LINE_TEXT_MESSAGE }]) : undefined);
  });
}
