/**
 * The tray as data: the renderer's TrayState becomes a tooltip, an icon variant and a list of menu items;
 * main.ts turns that into Electron's Menu. Keeping the model plain lets the menu's rules (what a signed-out
 * user sees, which attendance action is offered when) be tested without a tray.
 */
import type { TrayCommand, TrayState } from '../shared/platform.js';

export type TrayMenuItem =
  | { kind: 'label'; label: string }
  | { kind: 'separator' }
  | { kind: 'command'; label: string; command: TrayCommand }
  | { kind: 'quit'; label: string };

export type TrayModel = {
  icon: 'signed-in' | 'signed-out';
  tooltip: string;
  items: TrayMenuItem[];
};

export const PRODUCT_NAME = 'Teambeat';

/** 205 -> "3h 25m"; negative or fractional input from a clock skew is clamped, not shown. */
export function formatWorked(minutes: number): string {
  const whole = Number.isFinite(minutes) ? Math.max(0, Math.floor(minutes)) : 0;
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  return hours > 0 ? `${hours}h ${rest}m` : `${rest}m`;
}

/** Menu labels are one line; a long or multi-line name would stretch the menu. */
function displayName(name: string | undefined): string | null {
  const clean = name?.replace(/\s+/g, ' ').trim();
  if (!clean) return null;
  return clean.length > 40 ? `${clean.slice(0, 39)}…` : clean;
}

const ATTENDANCE_LABEL = {
  'not-checked-in': 'Not checked in',
  'checked-in': 'Checked in',
  'on-break': 'On a break',
  'checked-out': 'Checked out',
} as const;

/** One attendance per day (workforce §5): after checking out the day is done, so no action is offered. */
function attendanceItems(attendance: NonNullable<TrayState['attendance']>): TrayMenuItem[] {
  const status =
    attendance.state === 'not-checked-in' || (attendance.state === 'checked-out' && attendance.workedMinutes <= 0)
      ? ATTENDANCE_LABEL[attendance.state]
      : `${ATTENDANCE_LABEL[attendance.state]} · ${formatWorked(attendance.workedMinutes)} today`;
  const actions: TrayMenuItem[] =
    attendance.state === 'not-checked-in'
      ? [{ kind: 'command', label: 'Check in', command: 'check-in' }]
      : attendance.state === 'checked-in'
        ? [
            { kind: 'command', label: 'Start break', command: 'start-break' },
            { kind: 'command', label: 'Check out', command: 'check-out' },
          ]
        : attendance.state === 'on-break'
          ? [{ kind: 'command', label: 'End break', command: 'end-break' }]
          : [];
  return [{ kind: 'label', label: status }, ...actions];
}

export function trayModel(state: TrayState): TrayModel {
  const open: TrayMenuItem = { kind: 'command', label: `Open ${PRODUCT_NAME}`, command: 'open' };
  const quit: TrayMenuItem = { kind: 'quit', label: `Quit ${PRODUCT_NAME}` };

  if (!state.signedIn) {
    return {
      icon: 'signed-out',
      tooltip: `${PRODUCT_NAME}: not signed in`,
      items: [{ kind: 'label', label: 'Not signed in' }, { kind: 'separator' }, open, { kind: 'separator' }, quit],
    };
  }

  const name = displayName(state.userName);
  const attendance = state.attendance ? attendanceItems(state.attendance) : [];
  const status = attendance[0]?.kind === 'label' ? ` · ${attendance[0].label}` : '';
  return {
    icon: 'signed-in',
    tooltip: `${PRODUCT_NAME}: ${name ?? 'signed in'}${status}`,
    items: [
      { kind: 'label', label: name ? `Signed in as ${name}` : 'Signed in' },
      ...(attendance.length > 0 ? [{ kind: 'separator' } as const, ...attendance] : []),
      { kind: 'separator' },
      open,
      { kind: 'command', label: 'Sign out', command: 'sign-out' },
      { kind: 'separator' },
      quit,
    ],
  };
}
