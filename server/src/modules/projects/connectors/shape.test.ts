// The readers every connector shares (shape.ts): which tracker links a page may open, instants in the forms
// trackers write, and the start and end of work from a history.
import { describe, expect, it } from 'vitest';
import { milestones, parseInstant, trackerLink } from './shape.js';
import { at } from './test-kit.js';

describe('trackerLink', () => {
  it('keeps an https link whatever the tracker’s address, and an http one only where that address is http', () => {
    expect(trackerLink('https://trello.com/c/Ab12Cd34/3-pdf', 'https://api.trello.com')).toBe(
      'https://trello.com/c/Ab12Cd34/3-pdf',
    );
    expect(trackerLink('https://acme.atlassian.net/browse/WEB-1', 'http://127.0.0.1:8080')).toBe(
      'https://acme.atlassian.net/browse/WEB-1',
    );
    expect(trackerLink('http://tfs.acme.local/tfs/_workitems/edit/4', 'http://tfs.acme.local/tfs')).toBe(
      'http://tfs.acme.local/tfs/_workitems/edit/4',
    );
    // A tracker reached over https does not send people to a plain-http page.
    expect(trackerLink('http://trello.com/c/Ab12Cd34', 'https://api.trello.com')).toBeNull();
    expect(trackerLink('http://trello.com/c/Ab12Cd34', 'not an address')).toBeNull();
  });

  it('keeps no link that runs code, holds a page, or is not an address', () => {
    for (const link of [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
      '/c/Ab12Cd34',
      '//evil.example/c/1',
      'trello.com/c/Ab12Cd34',
      '',
      null,
    ])
      expect([link, trackerLink(link, 'http://127.0.0.1:8080')]).toEqual([link, null]);
  });
});

describe('parseInstant and milestones', () => {
  it('reads ISO instants, Jira’s offset without a colon included, and nothing else', () => {
    expect(parseInstant('2030-06-03T09:00:00.000+0000')).toBe(at('06-03', '09:00'));
    expect(parseInstant('2030-06-03T11:00:00.000+0200')).toBe(at('06-03', '09:00'));
    expect(parseInstant('2030-06-03T09:00:00Z')).toBe(at('06-03', '09:00'));
    expect(parseInstant('not a date')).toBeNull();
    expect(parseInstant(1_900_000_000_000)).toBeNull();
  });

  it('dates work from the first move to in progress and, when finished now, the first finish', () => {
    const history = [
      { at: at('06-03', '09:00'), to: 'new' as const },
      { at: at('06-04', '09:00'), to: 'in-progress' as const },
      { at: at('06-05', '09:00'), to: 'done' as const },
      { at: at('06-06', '09:00'), to: 'in-progress' as const },
      { at: at('06-07', '09:00'), to: 'completed' as const },
    ];
    expect(milestones(history, 'completed')).toEqual({
      startedAt: at('06-04', '09:00'),
      finishedAt: at('06-05', '09:00'),
    });
    // Reopened: not finished now, so no finish.
    expect(milestones(history.slice(0, 4), 'in-progress')).toEqual({
      startedAt: at('06-04', '09:00'),
      finishedAt: null,
    });
    expect(milestones([], 'done')).toEqual({ startedAt: null, finishedAt: null });
  });
});
