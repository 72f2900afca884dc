/**
 * The server's clock (shared/test-clock.ts). For tests only: TEAMBEAT_TEST_NOW starts it at a fixed instant and
 * runs it forward from there; unset, as in production, the clock is the system's. A bad value is a configuration
 * error.
 */
import { clockFrom as sharedClockFrom, TEST_NOW_VARIABLE } from '../../shared/test-clock.js';
import { ConfigError } from './config.js';

export { TEST_NOW_VARIABLE };

/** The system clock when `value` is unset or empty; otherwise a clock started at `value`. Throws on a bad value. */
export function clockFrom(value: string | undefined, system: () => number = Date.now): () => Date {
  return sharedClockFrom(value, system, (message) => new ConfigError(message));
}
