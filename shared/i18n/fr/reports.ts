/** Textes français : reports (espace de noms `reports`). */
import type { reports as en } from '../en/reports.js';
import type { Translation } from '../translation.js';

export const reports: Translation<typeof en> = {};
