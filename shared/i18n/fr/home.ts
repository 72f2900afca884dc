/** Textes français des pages home (espace de noms `home`). */
import type { home as en } from '../en/home.js';
import type { Translation } from '../translation.js';

export const home: Translation<typeof en> = {};
