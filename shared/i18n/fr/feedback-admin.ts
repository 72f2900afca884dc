/** Textes français : feedbackAdmin (espace de noms `feedbackAdmin`). */
import type { feedbackAdmin as en } from '../en/feedback-admin.js';
import type { Translation } from '../translation.js';

export const feedbackAdmin: Translation<typeof en> = {};
