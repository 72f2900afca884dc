/**
 * Feeds the desktop tray with today's attendance and carries out its attendance commands
 * (shared/attendance-tray.ts holds the logic and its tests). Renders nothing; mounted in the signed-in
 * frame on the desktop only, for users with view-attendance.
 */
import { useEffect, useRef } from 'react';
import { createTraySync, TRAY_ATTENDANCE_COMMANDS, type TraySync } from '../../../shared/attendance-tray';
import type { TrayCommand } from '../../../shared/platform';
import { errorMessage } from '../api/errors';
import {
  actOnToday,
  fetchAttendanceToday,
  useAcceptToday,
  useAttendanceToday,
  type TodayResponse,
} from '../api/hooks/attendance';
import { i18n } from '../i18n';
import { platform } from '../platform';
import { updateTray } from '../platform/tray';

const REMINDER_KEY = 'teambeat.attendanceReminder';

const isAttendanceCommand = (c: TrayCommand): c is (typeof TRAY_ATTENDANCE_COMMANDS)[number] =>
  (TRAY_ATTENDANCE_COMMANDS as readonly string[]).includes(c);

export function AttendanceTray() {
  const sync = useRef<TraySync | null>(null);
  // The today card and this sync share one cached answer: whichever acts, both show it.
  const today = useAttendanceToday();
  const { keep, refreshViews } = useAcceptToday();

  useEffect(() => {
    const s = createTraySync({
      fetchToday: () => fetchAttendanceToday(),
      act: async (command) => {
        const next = await actOnToday(command, 'desktop');
        await refreshViews();
        return next;
      },
      show: (attendance) => updateTray({ attendance }),
      notify: (n) => platform.notify(n),
      describeError: (error) => errorMessage(error),
      translate: () => i18n.t,
      // The sync hands back the answers of fetchToday and act above: whole TodayResponses.
      onChange: (next) => keep(next as TodayResponse),
      now: () => new Date(),
      setInterval: (fn, ms) => window.setInterval(fn, ms),
      clearInterval: (handle) => window.clearInterval(handle as number),
      store: {
        get: () => {
          try {
            return localStorage.getItem(REMINDER_KEY);
          } catch {
            return null;
          }
        },
        set: (date) => {
          try {
            localStorage.setItem(REMINDER_KEY, date);
          } catch {
            // Without storage a reload may remind once more that day; nothing worse.
          }
        },
      },
    });
    sync.current = s;
    void s.start();
    const off = platform.onTrayCommand((command) => {
      if (isAttendanceCommand(command)) void s.run(command);
    });
    return () => {
      off();
      s.stop();
      sync.current = null;
      updateTray({ attendance: null });
    };
  }, [keep, refreshViews]);

  useEffect(() => {
    if (today.data) sync.current?.accept(today.data);
  }, [today.data]);

  return null;
}
