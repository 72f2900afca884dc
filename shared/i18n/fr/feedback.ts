/** Textes français : feedback (espace de noms `feedback`). */
import type { feedback as en } from '../en/feedback.js';
import type { Translation } from '../translation.js';

export const feedback: Translation<typeof en> = {};
