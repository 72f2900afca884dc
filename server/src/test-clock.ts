/**
 * The server's clock. For tests only: TEAMBEAT_TEST_NOW (an ISO instant with a zone, e.g.
 * 2030-06-12T09:00:00Z) makes the clock read that instant when the server starts and run forward at the
 * real pace from there, so end-to-end tests see the same "today" on every run while timers (a one-minute
 * break) still elapse. Unset, as in production, the clock is the system's.
 */
import { ConfigError } from './config.js';

export const TEST_NOW_VARIABLE = 'TEAMBEAT_TEST_NOW';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** The system clock when `value` is unset or empty; otherwise a clock started at `value`. Throws on a bad value. */
export function clockFrom(value: string | undefined, system: () => number = Date.now): () => Date {
  if (value === undefined || value === '') return () => new Date(system());
  const start = Date.parse(value);
  if (!INSTANT.test(value) || Number.isNaN(start))
    throw new ConfigError(
      `Invalid configuration:\n  ${TEST_NOW_VARIABLE}: "${value}" is not an instant like 2030-06-12T09:00:00Z`,
    );
  const offset = start - system();
  return () => new Date(system() + offset);
}
