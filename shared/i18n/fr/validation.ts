/** Textes français : validation (espace de noms `validation`). */
import type { validation as en } from '../en/validation.js';
import type { Translation } from '../translation.js';

export const validation: Translation<typeof en> = {};
