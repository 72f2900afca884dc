/** Textes français des pages settings (espace de noms `settings`). */
import type { settings as en } from '../en/settings.js';
import type { Translation } from '../translation.js';

export const settings: Translation<typeof en> = {};
