/**
 * One i18next instance per use: the server keeps one per language (fixed translators), created once, with the
 * whole catalogue bundled, so initialisation is synchronous; the renderer keeps one that loads each
 * language's namespaces on demand (lazy.ts) and changes its language.
 */
import i18next, { type i18n, type TFunction } from 'i18next';
import { i18nOptions } from './options.js';
import type { Language } from './languages.js';
import { resources, type Namespace } from './resources.js';

export * from './languages.js';
export { NAMESPACES, resources, type Namespace, type Resources } from './resources.js';

/** A configured instance with every text loaded; `use` adds plugins before init. */
export function createI18n(language: Language, use: Parameters<i18n['use']>[0][] = []): i18n {
  const instance = i18next.createInstance();
  for (const plugin of use) instance.use(plugin);
  void instance.init({ ...i18nOptions(language), resources, initAsync: false });
  return instance;
}

const fixed = new Map<Language, TFunction>();

/** The translator of one language, for the server (e-mails, errors, CSV headers). */
export function translator(language: Language): TFunction {
  let t = fixed.get(language);
  if (!t) {
    t = createI18n(language).t;
    fixed.set(language, t);
  }
  return t;
}

const byNamespace = new Map<string, TFunction<Namespace>>();

/** The translator of one language and one namespace (the server's e-mails: `email`; CSV reports: `reports`). */
export function namespaceTranslator<N extends Namespace>(language: Language, namespace: N): TFunction<N> {
  const id = `${language}:${namespace}`;
  let t = byNamespace.get(id);
  if (!t) {
    t = createI18n(language).getFixedT(language, namespace) as unknown as TFunction<Namespace>;
    byNamespace.set(id, t);
  }
  return t as unknown as TFunction<N>;
}
