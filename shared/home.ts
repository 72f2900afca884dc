/**
 * Home widgets' rules (issue #13, docs/recognition.md "Home"): hashtags read from feedback comments, the
 * giving streak in ISO weeks, the weekly frequency against the responsibility matrix, the team's share of
 * its target, and the order of the rankings. Isomorphic and pure: the server counts in SQL what these need,
 * the renderer uses the same parser for the hashtag search box.
 */
import { addDays, dayOfWeek } from './time.js';
import type { MatrixPeriod } from './feedback-matrix.js';

/** The widgets' window: the last 90 tenant-local days through today (the spec's "last three months"). */
export const HOME_WINDOW_DAYS = 90;
/** Pages of the top attributes and the rankings (spec §4, §9). */
export const HOME_PAGE_SIZE = 20;
/** How many top hashtags, and hashtag search results, one answer holds. */
export const HASHTAG_LIST_SIZE = 10;
/**
 * A hashtag is shown to people other than those who wrote it only once this many different people used it
 * in the window: a tag is a word of a comment, and comments are read only by their giver and receiver.
 */
export const HASHTAG_MIN_GIVERS = 3;
/** At most this many different hashtags of one comment count: stuffing a comment with tags earns nothing. */
export const MAX_HASHTAGS_PER_COMMENT = 10;
export const MAX_HASHTAG_LENGTH = 50;
/** Weeks the frequency widget shows, this week included. */
export const FREQUENCY_WEEKS = 12;
/** Matrix periods the team percentage trend shows, the current one included. */
export const TREND_PERIODS = 6;

export const RANKING_TYPES = ['given', 'received'] as const;
export type RankingType = (typeof RANKING_TYPES)[number];
export const DEFAULT_RANKING_TYPE: RankingType = 'given';

/**
 * `#` then letters, digits and underscores of any script, not glued to a word before it (so `C#`, `a#b`
 * and `&#39;` are no tags). At least one letter, so `#1` is a number, not a tag.
 */
const HASHTAG = /(?<![\p{L}\p{N}\p{M}_&#])#([\p{L}\p{N}\p{M}_]+)/gu;
const LETTER = /\p{L}/u;

/** The canonical spelling of a tag: NFC, lower case. */
export function normalizeHashtag(tag: string): string {
  return tag.normalize('NFC').toLowerCase();
}

/** The distinct hashtags of a comment, lower case, in order of first use; at most MAX_HASHTAGS_PER_COMMENT. */
export function parseHashtags(comment: string | null | undefined): string[] {
  if (!comment) return [];
  const tags: string[] = [];
  for (const match of comment.matchAll(HASHTAG)) {
    const tag = normalizeHashtag(match[1]!);
    if (tag.length > MAX_HASHTAG_LENGTH || !LETTER.test(tag) || tags.includes(tag)) continue;
    tags.push(tag);
    if (tags.length === MAX_HASHTAGS_PER_COMMENT) break;
  }
  return tags;
}

/**
 * What the search box asks for: the text without a leading `#`, trimmed and lower case; empty when there
 * is nothing to search (the widget then clears its results without a call).
 */
export function hashtagSearchText(text: string): string {
  return normalizeHashtag(text.trim().replace(/^#+/, ''));
}

/** Monday of the ISO week of a calendar day (YYYY-MM-DD). */
export function weekStartOf(day: string): string {
  return addDays(day, -((dayOfWeek(day) + 6) % 7));
}

/**
 * The streak: consecutive ISO weeks with at least one feedback given, ending this week, or last week while
 * this week has none yet (the streak is not lost on Monday morning). `weeks` are the Mondays of the weeks
 * with feedback given, any order.
 */
export function streakOf(weeks: Iterable<string>, today: string): { weeks: number; thisWeek: boolean } {
  const given = new Set(weeks);
  const current = weekStartOf(today);
  const thisWeek = given.has(current);
  let week = thisWeek ? current : addDays(current, -7);
  let count = 0;
  while (given.has(week)) {
    count += 1;
    week = addDays(week, -7);
  }
  return { weeks: count, thisWeek };
}

/** The Mondays of the last `count` ISO weeks through today's, oldest first. */
export function lastWeeks(today: string, count: number): string[] {
  const current = weekStartOf(today);
  return Array.from({ length: count }, (_, i) => addDays(current, -7 * (count - 1 - i)));
}

/** Weeks per matrix period, on average: what turns a period's target into a weekly one. */
const WEEKS_PER_PERIOD: Record<MatrixPeriod, number> = { week: 1, month: 52 / 12, quarter: 52 / 4 };

/** A target per matrix period as a weekly figure, two decimals. */
export function weeklyTarget(perPeriod: number, period: MatrixPeriod): number {
  return Math.round((perPeriod / WEEKS_PER_PERIOD[period]) * 100) / 100;
}

/**
 * A team's share of its target in a period, 0-100: each member's feedback counts up to what they were
 * expected to give, so one prolific member cannot make up for the others. Null when nothing was expected.
 */
export function achievedPercent(members: readonly { expected: number; given: number }[]): number | null {
  let expected = 0;
  let achieved = 0;
  for (const m of members) {
    expected += m.expected;
    achieved += Math.min(m.given, m.expected);
  }
  return expected > 0 ? Math.round((achieved / expected) * 100) : null;
}

/** Ranking order: larger value first, then the tie-breakers, then name and id, so every place is one. */
export function rankBy<T extends { name: string; id: number }>(
  rows: readonly T[],
  ...keys: ((row: T) => number)[]
): (T & { rank: number })[] {
  return [...rows]
    .sort((a, b) => {
      for (const key of keys) {
        const d = key(b) - key(a);
        if (Math.abs(d) > 1e-9) return d;
      }
      return a.name.localeCompare(b.name) || a.id - b.id;
    })
    .map((row, i) => ({ ...row, rank: i + 1 }));
}
