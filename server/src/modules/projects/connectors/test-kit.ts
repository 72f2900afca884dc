/**
 * What every connector test shares (jira, azure-devops, trello, planner and monday .test.ts): the stand-ins a
 * test starts, closed after it; an HTTP client that records the waits a tracker asked for instead of sleeping
 * them; the TrackerError a call ends in; an instant of the stand-ins' June 2030; the paths a stand-in served.
 */
import { afterEach, expect } from 'vitest';
import { trackerHttp, type TrackerHttp, type TrackerHttpOptions } from './http.js';
import { TrackerError } from './types.js';

/** Call once at the top of a test file: it registers the clean-up after each test. */
export function connectorTestKit() {
  const running: { close(): Promise<void> }[] = [];
  const waits: number[] = [];
  afterEach(async () => {
    waits.length = 0;
    await Promise.all(running.splice(0).map((sim) => sim.close()));
  });
  return {
    /** The waits asked for since the test began, in milliseconds. */
    waits,
    /** Closes `sim` after the test. */
    track<S extends { close(): Promise<void> }>(sim: S): S {
      running.push(sim);
      return sim;
    },
    /** trackerHttp on loopback, with waits recorded rather than slept. */
    http: (options: Partial<TrackerHttpOptions> = {}): TrackerHttp =>
      trackerHttp({
        allowPrivateAddresses: true,
        sleep: async (ms) => {
          waits.push(ms);
        },
        ...options,
      }),
  };
}

/** The TrackerError `promise` ends in; fails the test if it ends otherwise. */
export async function failure(promise: Promise<unknown>): Promise<TrackerError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TrackerError);
  return error as TrackerError;
}

/** An instant of June 2030 (the stand-ins' demo data): `at('06-03', '09:30')`. */
export const at = (day: string, time: string) => `2030-${day}T${time}:00.000Z`;

/** The paths a stand-in served that match `pattern`, in order. */
export const servedPaths = (sim: { requests: readonly { path: string }[] }, pattern: RegExp) =>
  sim.requests.filter((r) => pattern.test(r.path)).map((r) => r.path);
