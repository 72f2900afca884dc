/** Textes français : email (espace de noms `email`). */
import type { email as en } from '../en/email.js';
import type { Translation } from '../translation.js';

export const email: Translation<typeof en> = {};
