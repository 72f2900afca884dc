/** Textes français des pages attendance (espace de noms `attendance`). */
import type { attendance as en } from '../en/attendance.js';
import type { Translation } from '../translation.js';

export const attendance: Translation<typeof en> = {};
