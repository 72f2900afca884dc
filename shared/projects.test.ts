import { describe, expect, it } from 'vitest';
import { normalizeProjectUrl, statusFromTrackerState, taskMetrics } from './projects.js';

describe('normalizeProjectUrl', () => {
  it('assumes https, lower-cases scheme and host, drops trailing slashes, query and fragment', () => {
    expect(normalizeProjectUrl('Acme.Atlassian.net/')).toBe('https://acme.atlassian.net');
    expect(normalizeProjectUrl(' HTTP://tfs.acme.local:8080/tfs/DefaultCollection/?x=1#y ')).toBe(
      'http://tfs.acme.local:8080/tfs/DefaultCollection',
    );
    expect(normalizeProjectUrl('https://dev.azure.com/acme')).toBe('https://dev.azure.com/acme');
  });

  it('refuses what is not an http(s) address with a host', () => {
    for (const bad of [
      '',
      'not a url',
      'ftp://a.example',
      'javascript:alert(1)',
      'https://user:pw@a.example',
      'https://',
    ])
      expect(normalizeProjectUrl(bad), bad).toBeNull();
  });
});

describe('statusFromTrackerState', () => {
  it('maps the common workflows’ states, the category deciding where the name does not', () => {
    expect(
      ['To Do', 'In Progress', 'In Review', 'QA', 'UAT', 'Done', 'Closed', 'Resolved', 'Committed'].map((s) =>
        statusFromTrackerState(s),
      ),
    ).toEqual(['new', 'in-progress', 'testing', 'testing', 'uat', 'done', 'completed', 'testing', 'in-progress']);
    expect(statusFromTrackerState('Selected for Development', 'new')).toBe('new');
    expect(statusFromTrackerState('Shipped to customer', 'done')).toBe('completed');
    expect(statusFromTrackerState('Waiting', 'done')).toBe('done');
  });
});

describe('taskMetrics', () => {
  const at = (day: number, hour: number) => new Date(Date.UTC(2030, 5, day, hour)).toISOString();

  it('counts dev cycle to the first status past development, every kickback, and every stay in QA', () => {
    const metrics = taskMetrics(
      [
        { at: at(1, 9), to: 'new' },
        { at: at(2, 9), to: 'in-progress' },
        { at: at(3, 9), to: 'testing' },
        { at: at(3, 15), to: 'in-progress' },
        { at: at(4, 9), to: 'testing' },
        { at: at(4, 12), to: 'uat' },
        { at: at(4, 13), to: 'done' },
      ],
      at(10, 0),
    );
    expect(metrics).toEqual({ devCycleHours: 24, qaKickbacks: 1, qaCycleHours: 10 });
  });

  it('leaves dev cycle open until development ends, and counts an open stay in QA to now', () => {
    expect(taskMetrics([{ at: at(2, 9), to: 'in-progress' }], at(3, 9))).toEqual({
      devCycleHours: null,
      qaKickbacks: 0,
      qaCycleHours: null,
    });
    expect(
      taskMetrics(
        [
          { at: at(2, 9), to: 'in-progress' },
          { at: at(2, 11), to: 'testing' },
        ],
        at(2, 14),
      ),
    ).toEqual({ devCycleHours: 2, qaKickbacks: 0, qaCycleHours: 3 });
  });
});
