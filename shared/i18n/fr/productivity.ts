/** Textes français des pages productivity (espace de noms `productivity`). */
import type { productivity as en } from '../en/productivity.js';
import type { Translation } from '../translation.js';

export const productivity: Translation<typeof en> = {};
