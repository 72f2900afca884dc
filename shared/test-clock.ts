/**
 * A clock for tests: TEAMBEAT_TEST_NOW (an ISO instant with a zone, e.g. 2030-06-12T09:00:00Z) makes it read that
 * instant when the process starts and run forward at the real pace from there, so end-to-end tests see the same
 * "today" on every run while timers still elapse. The server and the device agent read the same variable, so an
 * agent started by a test lives on the server's clock. Unset, as in production, the clock is the system's.
 */
export const TEST_NOW_VARIABLE = 'TEAMBEAT_TEST_NOW';

const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The system clock when `value` is unset or empty; otherwise a clock started at `value`. A bad value throws what
 * `fail` makes of the message (the server makes it a configuration error).
 */
export function clockFrom(
  value: string | undefined,
  system: () => number = Date.now,
  fail: (message: string) => Error = (message) => new Error(message),
): () => Date {
  if (value === undefined || value === '') return () => new Date(system());
  const start = Date.parse(value);
  if (!INSTANT.test(value) || Number.isNaN(start))
    throw fail(
      `Invalid configuration:\n  ${TEST_NOW_VARIABLE}: "${value}" is not an instant like 2030-06-12T09:00:00Z`,
    );
  const offset = start - system();
  return () => new Date(system() + offset);
}
