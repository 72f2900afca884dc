/**
 * Keyboard focus of an ARIA grid (the month calendar, the leave calendar): one cell in the Tab order (a roving
 * tabindex), the arrows move by a cell or a row, Home/End to the row's first and last cell. The cells are a flat
 * list laid out in rows of `width`, after `offset` blank places (a month starting mid-week).
 * Used by pages/attendance/MonthCalendar.tsx and pages/leave/LeaveCalendarPage.tsx.
 */
import { useRef, useState, type KeyboardEvent } from 'react';

export function useRovingGrid<E extends HTMLElement = HTMLDivElement>({
  keys,
  width,
  offset = 0,
  preferred = [],
  wrap = true,
}: {
  /** Each cell's key, in reading order (dates, or "employee:date"). */
  keys: readonly string[];
  /** Cells per row. */
  width: number;
  /** Blank places before the first cell in its row. */
  offset?: number;
  /** The cells to put in the Tab order when none has been moved to yet, first present wins. */
  preferred?: readonly (string | null | undefined)[];
  /**
   * Whether the arrows run on past a row's end (a month: Friday to Saturday to the next Monday) and stop at the
   * first and last cell; otherwise they stay in the row, and up and down stay in the grid.
   */
  wrap?: boolean;
}) {
  const ref = useRef<E>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const active =
    [focused, ...preferred].find((k): k is string => typeof k === 'string' && keys.includes(k)) ?? keys[0] ?? '';
  const moveTo = (index: number) => {
    const key = keys[index];
    if (key === undefined) return;
    setFocused(key);
    ref.current?.querySelectorAll<HTMLElement>('[data-grid-cell]')[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const column = (index + offset) % width;
    const step: Partial<Record<string, number>> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -width,
      ArrowDown: width,
      Home: -column,
      End: width - 1 - column,
    };
    const by = step[event.key];
    if (by === undefined) return;
    event.preventDefault();
    if (wrap) return moveTo(Math.min(Math.max(index + by, 0), keys.length - 1));
    const target = index + by;
    const sideways = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    if (sideways && Math.floor((target + offset) / width) !== Math.floor((index + offset) / width)) return;
    if (target >= 0 && target < keys.length) moveTo(target);
  };
  /** The props of the cell at `index` of `keys`. */
  const cellProps = (index: number) => {
    const key = keys[index] ?? '';
    return {
      'data-grid-cell': true,
      tabIndex: key === active ? 0 : -1,
      onFocus: () => setFocused(key),
      onKeyDown: (event: KeyboardEvent) => onKeyDown(event, index),
    };
  };
  return { ref, cellProps };
}
