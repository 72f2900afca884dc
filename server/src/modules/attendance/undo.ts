/** When a check-out may be undone (docs/workforce.md "Undoing a check-out"): read by today's view and the undo. */
import { CHECK_OUT_UNDO_MINUTES } from '../../../../shared/attendance-rules.js';
import type { AttendanceRow } from './repository.js';

/**
 * Whether the caller's own attendance `row` may have its check-out undone at `now`: the check-out was made on
 * today's card (web or desktop), is the last change of the day (its `updatedAt` is the check-out's instant and
 * the caller made it: any edit, break or correction since stamps another instant), and is at most
 * CHECK_OUT_UNDO_MINUTES old. Answers until when, or the code of the refusal.
 */
export function checkOutUndo(
  row: AttendanceRow | undefined,
  employeeId: number,
  now: Date,
): { until: string } | { refused: 'CHECK_OUT_UNDO_UNAVAILABLE' | 'CHECK_OUT_UNDO_EXPIRED' | 'CHECK_OUT_UNDO_CHANGED' } {
  if (
    !row ||
    row.checkOut === null ||
    row.employeeId !== employeeId ||
    (row.source !== 'web' && row.source !== 'desktop')
  )
    return { refused: 'CHECK_OUT_UNDO_UNAVAILABLE' };
  const until = Date.parse(row.checkOut) + CHECK_OUT_UNDO_MINUTES * 60_000;
  if (now.getTime() > until) return { refused: 'CHECK_OUT_UNDO_EXPIRED' };
  if (row.updatedAt !== row.checkOut || row.updatedBy !== employeeId) return { refused: 'CHECK_OUT_UNDO_CHANGED' };
  return { until: new Date(until).toISOString() };
}
