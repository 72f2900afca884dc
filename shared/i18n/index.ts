/**
 * One i18next instance per use: the renderer keeps one and changes its language; the server keeps one per
 * language (fixed translators), created once. Resources are bundled, so initialisation is synchronous.
 */
import i18next, { type i18n, type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.js';
import { NAMESPACES, resources, type Namespace } from './resources.js';

export * from './languages.js';
export { NAMESPACES, resources, type Namespace, type Resources } from './resources.js';

/** A configured instance; `use` adds plugins (react-i18next's initReactI18next) before init. */
export function createI18n(language: Language, use: Parameters<i18n['use']>[0][] = []): i18n {
  const instance = i18next.createInstance();
  for (const plugin of use) instance.use(plugin);
  void instance.init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: [...NAMESPACES],
    defaultNS: 'common',
    // React escapes what it renders; server texts go into JSON, e-mail text and CSV, never HTML.
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
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
