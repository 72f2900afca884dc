/** Textes français : feedbackRequests (espace de noms `feedbackRequests`). */
import type { feedbackRequests as en } from '../en/feedback-requests.js';
import type { Translation } from '../translation.js';

export const feedbackRequests: Translation<typeof en> = {};
