/** Textes français des pages leave (espace de noms `leave`). */
import type { leave as en } from '../en/leave.js';
import type { Translation } from '../translation.js';

export const leave: Translation<typeof en> = {};
