import { describe, expect, it } from 'vitest';
import {
  achievedPercent,
  hashtagSearchText,
  lastWeeks,
  MAX_HASHTAGS_PER_COMMENT,
  parseHashtags,
  rankBy,
  streakOf,
  weekStartOf,
  weeklyTarget,
} from './home.js';

describe('hashtags in a comment', () => {
  it('reads #words of any script, lower case, once each, in order of first use', () => {
    expect(parseHashtags('Great demo #Teamwork and #ownership! #teamwork again')).toEqual(['teamwork', 'ownership']);
    expect(parseHashtags('#Qualité, #café_2 et #Équipe.')).toEqual(['qualité', 'café_2', 'équipe']);
    expect(parseHashtags('#日本語 #تعاون')).toEqual(['日本語', 'تعاون']);
    expect(parseHashtags('(#first) #second#third')).toEqual(['first', 'second']);
  });
  it('leaves out what is not a tag: glued to a word, entities, numbers, too long, nothing', () => {
    expect(parseHashtags('C# and F# are languages; a#b; &#39; ##')).toEqual([]);
    expect(parseHashtags('We are #1 in #2026')).toEqual([]);
    expect(parseHashtags(`#${'a'.repeat(51)} #${'b'.repeat(50)}`)).toEqual(['b'.repeat(50)]);
    expect(parseHashtags(null)).toEqual([]);
    expect(parseHashtags('')).toEqual([]);
  });
  it('counts at most ten different tags of one comment', () => {
    const many = Array.from({ length: 15 }, (_, i) => `#tag${String.fromCharCode(97 + i)}`).join(' ');
    expect(parseHashtags(many)).toHaveLength(MAX_HASHTAGS_PER_COMMENT);
  });
  it('turns the search box into a prefix: no leading #, trimmed, lower case', () => {
    expect(hashtagSearchText('  #TeAm ')).toBe('team');
    expect(hashtagSearchText('##')).toBe('');
    expect(hashtagSearchText('   ')).toBe('');
  });
});

describe('streaks and weeks', () => {
  // Wednesday 18 March 2026: its ISO week starts on Monday 16 March.
  const today = '2026-03-18';
  it('finds the Monday of a day’s ISO week', () => {
    expect(weekStartOf('2026-03-16')).toBe('2026-03-16');
    expect(weekStartOf('2026-03-22')).toBe('2026-03-16');
    expect(weekStartOf('2027-01-01')).toBe('2026-12-28');
  });
  it('counts consecutive weeks ending this week', () => {
    expect(streakOf(['2026-03-16', '2026-03-09', '2026-03-02', '2026-02-16'], today)).toEqual({
      weeks: 3,
      thisWeek: true,
    });
  });
  it('keeps last week’s streak while this week has none yet, and loses it after a gap', () => {
    expect(streakOf(['2026-03-09', '2026-03-02'], today)).toEqual({ weeks: 2, thisWeek: false });
    expect(streakOf(['2026-03-02', '2026-02-23'], today)).toEqual({ weeks: 0, thisWeek: false });
    expect(streakOf([], today)).toEqual({ weeks: 0, thisWeek: false });
  });
  it('lists the last weeks oldest first', () => {
    expect(lastWeeks(today, 3)).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
  });
});

describe('targets and rankings', () => {
  it('turns a period’s target into a weekly one', () => {
    expect(weeklyTarget(5, 'week')).toBe(5);
    expect(weeklyTarget(5, 'month')).toBe(1.15);
    expect(weeklyTarget(13, 'quarter')).toBe(1);
  });
  it('counts each member up to their target, and nothing when nothing is expected', () => {
    expect(
      achievedPercent([
        { expected: 5, given: 10 },
        { expected: 5, given: 0 },
      ]),
    ).toBe(50);
    expect(achievedPercent([{ expected: 5, given: 2 }])).toBe(40);
    expect(achievedPercent([{ expected: 0, given: 3 }])).toBeNull();
  });
  it('ranks by the keys, then name and id, one person per place', () => {
    const rows = [
      { id: 3, name: 'Cem', value: 2, more: 1 },
      { id: 1, name: 'Ann', value: 2, more: 1 },
      { id: 2, name: 'Bob', value: 2, more: 3 },
      { id: 4, name: 'Dan', value: 5, more: 0 },
    ];
    expect(
      rankBy(
        rows,
        (r) => r.value,
        (r) => r.more,
      ).map((r) => [r.rank, r.name]),
    ).toEqual([
      [1, 'Dan'],
      [2, 'Bob'],
      [3, 'Ann'],
      [4, 'Cem'],
    ]);
  });
});
