/**
 * The renderer's catalogue: each language's namespaces as chunks of their own, loaded when first needed
 * (docs/i18n.md "How the catalogue loads"), so the sign-in page carries only its own texts in its own language.
 * The server and Node tests keep the synchronous, fully bundled instance (index.ts).
 */
import type { Locale } from 'date-fns';
import i18next, { type BackendModule, type i18n } from 'i18next';
import { provideDateLocale } from './format.js';
import { isLanguage, type Language } from './languages.js';
import { NAMESPACES, type Namespace } from './namespaces.js';
import { i18nOptions } from './options.js';
import type { Resources } from './resources.js';
import type { Translation } from './translation.js';

type Loaders = { [L in Language]: { [N in Namespace]: () => Promise<Translation<Resources[N]>> } };

/** Each language's date names (date-fns's locale), a chunk of its own too. */
const DATE_LOCALE_LOADERS: Record<Language, () => Promise<Locale>> = {
  en: () => import('date-fns/locale/en-GB').then((m) => m.enGB),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
};

/**
 * A language's `common` texts, with its date names given to format.ts: every screen loads `common` before it shows
 * anything in the language (the first screen's namespaces, and i18next loads a new language's namespaces in use
 * before switching to it), so dates are never formatted in a language whose names have not arrived.
 */
function commonWithDates<T>(language: Language, texts: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([texts(), DATE_LOCALE_LOADERS[language]()]).then(([loaded, locale]) => {
      provideDateLocale(language, locale);
      return loaded;
    });
}

/** One dynamic import per language and namespace: the bundler makes each its own chunk. */
export const CATALOGUE_LOADERS: Loaders = {
  en: {
    common: commonWithDates('en', () => import('./en/common.js').then((m) => m.common)),
    errors: () => import('./en/errors.js').then((m) => m.errors),
    validation: () => import('./en/validation.js').then((m) => m.validation),
    auth: () => import('./en/auth.js').then((m) => m.auth),
    frame: () => import('./en/frame.js').then((m) => m.frame),
    home: () => import('./en/home.js').then((m) => m.home),
    attendance: () => import('./en/attendance.js').then((m) => m.attendance),
    leave: () => import('./en/leave.js').then((m) => m.leave),
    devices: () => import('./en/devices.js').then((m) => m.devices),
    people: () => import('./en/people.js').then((m) => m.people),
    teams: () => import('./en/teams.js').then((m) => m.teams),
    productivity: () => import('./en/productivity.js').then((m) => m.productivity),
    settings: () => import('./en/settings.js').then((m) => m.settings),
    email: () => import('./en/email.js').then((m) => m.email),
    reports: () => import('./en/reports.js').then((m) => m.reports),
    feedback: () => import('./en/feedback.js').then((m) => m.feedback),
    feedbackAdmin: () => import('./en/feedback-admin.js').then((m) => m.feedbackAdmin),
    feedbackRequests: () => import('./en/feedback-requests.js').then((m) => m.feedbackRequests),
    feedbackOverview: () => import('./en/feedback-overview.js').then((m) => m.feedbackOverview),
    feedbackMatrix: () => import('./en/feedback-matrix.js').then((m) => m.feedbackMatrix),
    leaderboards: () => import('./en/leaderboards.js').then((m) => m.leaderboards),
    badges: () => import('./en/badges.js').then((m) => m.badges),
    feed: () => import('./en/feed.js').then((m) => m.feed),
    notifications: () => import('./en/notifications.js').then((m) => m.notifications),
    projects: () => import('./en/projects.js').then((m) => m.projects),
    projectFeedback: () => import('./en/project-feedback.js').then((m) => m.projectFeedback),
    taskFeedback: () => import('./en/task-feedback.js').then((m) => m.taskFeedback),
  },
  fr: {
    common: commonWithDates('fr', () => import('./fr/common.js').then((m) => m.common)),
    errors: () => import('./fr/errors.js').then((m) => m.errors),
    validation: () => import('./fr/validation.js').then((m) => m.validation),
    auth: () => import('./fr/auth.js').then((m) => m.auth),
    frame: () => import('./fr/frame.js').then((m) => m.frame),
    home: () => import('./fr/home.js').then((m) => m.home),
    attendance: () => import('./fr/attendance.js').then((m) => m.attendance),
    leave: () => import('./fr/leave.js').then((m) => m.leave),
    devices: () => import('./fr/devices.js').then((m) => m.devices),
    people: () => import('./fr/people.js').then((m) => m.people),
    teams: () => import('./fr/teams.js').then((m) => m.teams),
    productivity: () => import('./fr/productivity.js').then((m) => m.productivity),
    settings: () => import('./fr/settings.js').then((m) => m.settings),
    email: () => import('./fr/email.js').then((m) => m.email),
    reports: () => import('./fr/reports.js').then((m) => m.reports),
    feedback: () => import('./fr/feedback.js').then((m) => m.feedback),
    feedbackAdmin: () => import('./fr/feedback-admin.js').then((m) => m.feedbackAdmin),
    feedbackRequests: () => import('./fr/feedback-requests.js').then((m) => m.feedbackRequests),
    feedbackOverview: () => import('./fr/feedback-overview.js').then((m) => m.feedbackOverview),
    feedbackMatrix: () => import('./fr/feedback-matrix.js').then((m) => m.feedbackMatrix),
    leaderboards: () => import('./fr/leaderboards.js').then((m) => m.leaderboards),
    badges: () => import('./fr/badges.js').then((m) => m.badges),
    feed: () => import('./fr/feed.js').then((m) => m.feed),
    notifications: () => import('./fr/notifications.js').then((m) => m.notifications),
    projects: () => import('./fr/projects.js').then((m) => m.projects),
    projectFeedback: () => import('./fr/project-feedback.js').then((m) => m.projectFeedback),
    taskFeedback: () => import('./fr/task-feedback.js').then((m) => m.taskFeedback),
  },
};

const isNamespace = (value: string): value is Namespace => (NAMESPACES as readonly string[]).includes(value);

/** An i18next backend reading CATALOGUE_LOADERS: i18next asks it for each language and namespace it needs. */
export const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (!isLanguage(language) || !isNamespace(namespace)) {
      callback(new Error(`No catalogue for ${language}/${namespace}`), false);
      return;
    }
    CATALOGUE_LOADERS[language][namespace]().then(
      (texts) => callback(null, texts),
      // A chunk that failed to arrive (a network hiccup, a new version deployed) is asked for again.
      (error: Error) => callback(error, true),
    );
  },
};

/**
 * An instance that starts in `language` with only `namespaces` loaded (`ready` settles once they are) and loads
 * any other namespace when asked (`loadNamespaces`, or react-i18next's `useTranslation`, which suspends until it
 * has). Changing the language loads the new language's namespaces first, then switches. No fallback language:
 * French is complete (its files are typed against the English ones and catalogue.test.ts checks every key), so
 * a French reader never needs the English chunks.
 */
export function createLazyI18n(
  language: Language,
  namespaces: readonly Namespace[],
  use: Parameters<i18n['use']>[0][] = [],
): { i18n: i18n; ready: Promise<unknown> } {
  const instance = i18next.createInstance();
  instance.use(catalogueBackend);
  for (const plugin of use) instance.use(plugin);
  // initAsync false: the language is set at once (i18n.language); the texts still arrive later, through the backend.
  const ready = instance.init({ ...i18nOptions(language), ns: [...namespaces], fallbackLng: false, initAsync: false });
  return { i18n: instance, ready };
}
