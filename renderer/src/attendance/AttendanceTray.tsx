/**
 * Feeds the desktop tray with today's attendance and carries out its attendance commands
 * (shared/attendance-tray.ts holds the logic and its tests). Renders nothing; mounted in the signed-in
 * frame on the desktop only, for users with view-attendance.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { createTraySync, TRAY_ATTENDANCE_COMMANDS, type TraySync } from '../../../shared/attendance-tray';
import type { TrayCommand } from '../../../shared/platform';
import { attendanceApi, attendanceKeys } from '../api/attendance';
import { errorMessage } from '../api/errors';
import { platform } from '../platform';
import { updateTray } from '../platform/tray';

const REMINDER_KEY = 'teambeat.attendanceReminder';

const isAttendanceCommand = (c: TrayCommand): c is (typeof TRAY_ATTENDANCE_COMMANDS)[number] =>
  (TRAY_ATTENDANCE_COMMANDS as readonly string[]).includes(c);

export function AttendanceTray() {
  const queryClient = useQueryClient();
  const sync = useRef<TraySync | null>(null);
  // The today card and this sync share one cached answer: whichever acts, both show it.
  const today = useQuery({ queryKey: attendanceKeys.today, queryFn: ({ signal }) => attendanceApi.today(signal) });

  useEffect(() => {
    const s = createTraySync({
      fetchToday: () => attendanceApi.today(),
      act: async (command) => {
        const next = await attendanceApi.act(command, 'desktop');
        await queryClient.invalidateQueries({
          queryKey: attendanceKeys.all,
          predicate: (q) => q.queryKey[1] !== 'today',
        });
        return next;
      },
      show: (attendance) => updateTray({ attendance }),
      notify: (n) => platform.notify(n),
      describeError: (error) => errorMessage(error),
      onChange: (next) => queryClient.setQueryData(attendanceKeys.today, next),
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
  }, [queryClient]);

  useEffect(() => {
    if (today.data) sync.current?.accept(today.data);
  }, [today.data]);

  return null;
}
