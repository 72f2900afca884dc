/** Textes français des pages people (espace de noms `people`). */
import type { people as en } from '../en/people.js';
import type { Translation } from '../translation.js';

export const people: Translation<typeof en> = {};
