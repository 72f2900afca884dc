/** Textes français des pages devices (espace de noms `devices`). */
import type { devices as en } from '../en/devices.js';
import type { Translation } from '../translation.js';

export const devices: Translation<typeof en> = {};
