/** Typed keys: `t('actions.save')` and `t('errors:NOT_FOUND')` are checked against the English catalogue. */
import 'i18next';
import type { Resources } from './resources.js';

declare module 'i18next' {
  // Module augmentation merges into i18next's own interface; a type alias cannot.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: Resources;
  }
}
