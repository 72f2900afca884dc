/**
 * The tray state is one object fed from two places: the session (signed in, the name) and the attendance
 * sync (today). Each updates its part here and the shell always receives the whole state; signing out
 * forgets today.
 */
import type { TrayState } from '../../../shared/platform';
import { platform } from './index';

let current: TrayState = { signedIn: false };

export function updateTray(patch: Partial<TrayState>): void {
  current = { ...current, ...patch };
  if (!current.signedIn) current = { signedIn: false };
  platform.setTrayState(current);
}
