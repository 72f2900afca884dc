/**
 * The browser's clock, set to the worker's API server's: `new Date()` and `Date.now()` in every page of a context
 * read the server's test clock, so the renderer's "today" is the server's.
 *
 * Not Playwright's clock.install: its replacement Date does not pass `new.target` on, so `class X extends Date`
 * yields plain Dates, and the renderer's TZDate (@date-fns/tz) then formats times in the browser's zone instead
 * of the company's. This one only shifts the time; timers, performance.now() and subclasses stay native.
 */
import type { BrowserContext } from '@playwright/test';

/** `offsetMs`: the server's clock minus the real clock (both on this machine). */
export async function followServerClock(context: BrowserContext, offsetMs: number): Promise<void> {
  await context.addInitScript((offset: number) => {
    const NativeDate = Date;
    const now = () => NativeDate.now() + offset;
    function ShiftedDate(...args: unknown[]): Date | string {
      // Date() without `new` is the current time as a string; with `new` and no arguments, the current time.
      if (!new.target) return new NativeDate(now()).toString();
      return Reflect.construct(NativeDate, args.length === 0 ? [now()] : args, new.target) as Date;
    }
    Object.setPrototypeOf(ShiftedDate, NativeDate); // Date.parse, Date.UTC
    ShiftedDate.prototype = NativeDate.prototype; // instanceof Date holds for every Date
    ShiftedDate.now = now;
    (globalThis as { Date: unknown }).Date = ShiftedDate;
  }, offsetMs);
}
