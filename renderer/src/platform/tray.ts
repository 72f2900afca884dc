/**
 * The tray state is one object fed from two places: the session (signed in, the name) and the attendance
 * sync (today). Each updates its part here and the shell always receives the whole state, with the
 * interface's language so that the tray's menu speaks it too (sent again when the language changes);
 * signing out forgets today.
 */
import type { TrayState } from '../../../shared/platform';
import { currentLanguage, i18n } from '../i18n';
import { platform } from './index';

let current: TrayState = { signedIn: false };

export function updateTray(patch: Partial<TrayState>): void {
  current = { ...current, ...patch };
  if (!current.signedIn) current = { signedIn: false };
  platform.setTrayState({ ...current, language: currentLanguage() });
}

i18n.on('languageChanged', () => updateTray({}));
