/**
 * The language of texts a signed-in caller's answer carries besides error messages (CSV reports, rule
 * summaries: docs/i18n.md): their own choice, else the request's Accept-Language (the renderer sends its
 * interface's language), else their company's `default_language`.
 */
import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, pickLanguage, type Language } from '../../../shared/i18n/index.js';
import type { RequestContext } from './context.js';

export async function callerLanguage(ctx: RequestContext, request: FastifyRequest): Promise<Language> {
  return pickLanguage(
    ctx.caller.language,
    ...acceptedLanguages(request.headers['accept-language']),
    (await ctx.settings()).default_language,
  );
}
