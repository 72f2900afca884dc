/**
 * What every connector reads an answer with (jira, azure-devops, trello, planner and monday .ts): strings and
 * instants out of untyped JSON, the bad-answer error naming the tracker, the listing cap, the start and end of
 * work from a status history, and the tracker link a person may open.
 */
import type { StatusChange, TrackerTaskStatus } from '../../../../../shared/projects.js';
import { TrackerError } from './types.js';

/**
 * The most entries one listing (a sprint's issues, a board's cards, a changelog, a plan's tasks, a group's
 * items, an activity log) is read to: a listing longer than this is taken as a broken (or hostile) tracker
 * that never says it is done. Trello's moves have their own, larger cap, with its reason (trello.ts).
 */
export const MAX_LISTED = 50_000;

/** A string as answered, or null for anything else. */
export const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A string with something in it, or null (Azure answers empty fields as ''). */
export const filledText = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/**
 * An ISO instant (…Z) from any ISO 8601 form a tracker writes, Jira's 2030-06-03T09:00:00.000+0000 (an offset
 * without its colon) included; null when the value is not one.
 */
export function parseInstant(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const at = Date.parse(raw.replace(/([+-]\d\d)(\d\d)$/, '$1:$2'));
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** The errors and readers of one tracker's answers, its name in every message. */
export function answerShape(tracker: string) {
  const badAnswer = (what: string) =>
    new TrackerError('bad-answer', `${tracker} answered ${what} in a shape it does not document`);
  return {
    badAnswer,
    /** An instant the API documents as always there: its absence is a bad answer. */
    instant(value: unknown, what: string): string {
      const at = parseInstant(value);
      if (at === null) throw badAnswer(what);
      return at;
    },
  };
}

const FINISHED: ReadonlySet<TrackerTaskStatus> = new Set(['done', 'completed']);

/** Done or completed: the work is finished. */
export const isFinished = (status: TrackerTaskStatus) => FINISHED.has(status);

/**
 * When work started (the first move to in progress) and, for an item finished now, when it was first
 * finished; null where the history does not say.
 */
export function milestones(
  history: readonly StatusChange[],
  status: TrackerTaskStatus,
): { startedAt: string | null; finishedAt: string | null } {
  return {
    startedAt: history.find((change) => change.to === 'in-progress')?.at ?? null,
    finishedAt: isFinished(status) ? (history.find((change) => isFinished(change.to))?.at ?? null) : null,
  };
}

/**
 * The link a person opens to see an item in its tracker, when it is safe to put in a page: an absolute https
 * address, or http where the project's own tracker address is http (a server on the office network, the
 * tests' stand-ins). Anything else a tracker answers (javascript:, data:, a relative path, not an address at
 * all) is no link: null.
 */
export function trackerLink(candidate: string | null, trackerAddress: string): string | null {
  if (candidate === null || !URL.canParse(candidate)) return null;
  const { protocol } = new URL(candidate);
  if (protocol === 'https:') return candidate;
  const own = URL.canParse(trackerAddress.trim()) ? new URL(trackerAddress.trim()).protocol : null;
  return protocol === 'http:' && own === 'http:' ? candidate : null;
}
