/**
 * The language of an e-mail (docs/i18n.md): the recipient's own choice (`employees.language`), else their
 * company's default (the tenant setting `default_language`), else English. An address without an account
 * yet (a newcomer's sign-up) gets the company's default. Texts are the catalogue's `email` namespace.
 */
import type { TFunction } from 'i18next';
import { namespaceTranslator, pickLanguage, type Language } from '../../../shared/i18n/index.js';
import type { Db } from '../db/engine.js';
import { readSettings } from '../modules/tenants/repository.js';

export async function recipientLanguage(db: Db, tenantId: number, employeeId?: number): Promise<Language> {
  const own =
    employeeId === undefined
      ? undefined
      : (
          await db
            .selectFrom('employees')
            .select('language')
            .where('tenantId', '=', tenantId)
            .where('id', '=', employeeId)
            .executeTakeFirst()
        )?.language;
  if (own) return own;
  return pickLanguage((await readSettings(db, tenantId)).default_language);
}

/** The e-mail texts in the recipient's language (see recipientLanguage). */
export async function emailTexts(db: Db, tenantId: number, employeeId?: number): Promise<TFunction<'email'>> {
  return namespaceTranslator(await recipientLanguage(db, tenantId, employeeId), 'email');
}
