/** Textes français des pages frame (espace de noms `frame`). */
import type { frame as en } from '../en/frame.js';
import type { Translation } from '../translation.js';

export const frame: Translation<typeof en> = {};
