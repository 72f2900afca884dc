/** Textes français des pages auth (espace de noms `auth`). */
import type { auth as en } from '../en/auth.js';
import type { Translation } from '../translation.js';

export const auth: Translation<typeof en> = {};
