/**
 * The tray as data: the renderer's TrayState becomes a tooltip, an icon variant and a list of menu items;
 * main.ts turns that into Electron's Menu. Keeping the model plain lets the menu's rules (what a signed-out
 * user sees, which attendance action is offered when) be tested without a tray. Texts are the catalogue's
 * (`frame:tray`, the attendance page's states and actions) in the person's interface language, which the
 * renderer sends with the state; before it has (at start), the computer's language (docs/i18n.md).
 */
import { namespaceTranslator, pickLanguage, type Language } from '../shared/i18n/index.js';
import { formatDuration } from '../shared/i18n/format.js';
import { CHECK_OUT_UNDO_MINUTES } from '../shared/attendance-rules.js';
import type { TrayCommand, TrayState } from '../shared/platform.js';

export type TrayMenuItem =
  | { kind: 'label'; label: string }
  | { kind: 'separator' }
  | { kind: 'command'; label: string; command: TrayCommand; confirm?: TrayConfirm }
  | { kind: 'quit'; label: string };

/**
 * A question asked before a command runs (main.ts shows it as a native message box, since the window may be
 * hidden): check-out ends the working day, as the attendance page asks before it too.
 */
export type TrayConfirm = { title: string; detail: string; confirmLabel: string; cancelLabel: string };

export type TrayModel = {
  icon: 'signed-in' | 'signed-out';
  tooltip: string;
  items: TrayMenuItem[];
  /** The unread action count for the dock (macOS) or launcher (Linux) badge; 0 clears it. */
  badgeCount: number;
};

export const PRODUCT_NAME = 'Teambeat';

/** Menu labels are one line; a long or multi-line name would stretch the menu. */
function displayName(name: string | undefined): string | null {
  const clean = name?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}

/** A whole, non-negative count; anything else (unknown, not yet loaded) shows nothing. */
function actionCount(count: number | undefined): number {
  return count !== undefined && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
}

const STATE_KEY = {
  'not-checked-in': 'today.state.notCheckedIn',
  'checked-in': 'today.state.checkedIn',
  'on-break': 'today.state.onBreak',
  'checked-out': 'today.state.checkedOut',
} as const;

/** One attendance per day (workforce §5): after checking out the day is done, so no action is offered. */
function attendanceItems(attendance: NonNullable<TrayState['attendance']>, language: Language): TrayMenuItem[] {
  const t = namespaceTranslator(language, 'attendance');
  const frame = namespaceTranslator(language, 'frame');
  const common = namespaceTranslator(language, 'common');
  const state = t(STATE_KEY[attendance.state]);
  const status =
    attendance.state === 'not-checked-in' || (attendance.state === 'checked-out' && attendance.workedMinutes <= 0)
      ? state
      : frame('tray.workedToday', { state, worked: formatDuration(attendance.workedMinutes, language) });
  const actions: TrayMenuItem[] =
    attendance.state === 'not-checked-in'
      ? [{ kind: 'command', label: t('today.action.checkIn'), command: 'check-in' }]
      : attendance.state === 'checked-in'
        ? [
            { kind: 'command', label: t('today.action.startBreak'), command: 'start-break' },
            {
              kind: 'command',
              label: t('today.action.checkOut'),
              command: 'check-out',
              confirm: {
                title: t('today.confirmCheckOutTitle'),
                detail: frame('tray.confirmCheckOut', { product: PRODUCT_NAME, minutes: CHECK_OUT_UNDO_MINUTES }),
                confirmLabel: t('today.action.checkOut'),
                cancelLabel: common('actions.cancel'),
              },
            },
          ]
        : attendance.state === 'on-break'
          ? [{ kind: 'command', label: t('today.action.endBreak'), command: 'end-break' }]
          : [];
  return [{ kind: 'label', label: status }, ...actions];
}

/** The tray for a state; `systemLanguage` (the computer's) speaks until the renderer has sent its own. */
export function trayModel(state: TrayState, systemLanguage: Language = 'en'): TrayModel {
  const language = pickLanguage(state.language, systemLanguage);
  const t = namespaceTranslator(language, 'frame');
  const product = PRODUCT_NAME;
  const open: TrayMenuItem = { kind: 'command', label: t('tray.open', { product }), command: 'open' };
  const quit: TrayMenuItem = { kind: 'quit', label: t('tray.quit', { product }) };

  if (!state.signedIn) {
    return {
      icon: 'signed-out',
      badgeCount: 0,
      tooltip: t('tray.tooltipSignedOut', { product }),
      items: [
        { kind: 'label', label: t('tray.notSignedIn') },
        { kind: 'separator' },
        open,
        { kind: 'separator' },
        quit,
      ],
    };
  }

  const name = displayName(state.userName);
  const attendance = state.attendance ? attendanceItems(state.attendance, language) : [];
  const status = attendance[0]?.kind === 'label' ? ` · ${attendance[0].label}` : '';
  const count = actionCount(state.actionCount);
  const waiting = count > 0 ? t('tray.actionsWaiting', { count }) : null;
  return {
    icon: 'signed-in',
    badgeCount: count,
    tooltip: t('tray.tooltip', {
      product,
      status: `${name ?? t('tray.tooltipSignedIn')}${status}${waiting ? ` · ${waiting}` : ''}`,
    }),
    items: [
      { kind: 'label', label: name ? t('tray.signedInAs', { name }) : t('tray.signedIn') },
      ...(waiting ? [{ kind: 'label', label: waiting } as const] : []),
      ...(attendance.length > 0 ? [{ kind: 'separator' } as const, ...attendance] : []),
      { kind: 'separator' },
      open,
      { kind: 'command', label: t('header.signOut'), command: 'sign-out' },
      { kind: 'separator' },
      quit,
    ],
  };
}
