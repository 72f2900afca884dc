/**
 * The leaderboard hooks against the real API: the company's board and the choices arrive, a category's board
 * waits until a category is chosen, and the caller's (empty) place is explained.
 */
import { waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import { useLeaderboard, useLeaderboardChoices, useLeaderboardExplanation } from './leaderboards';

beforeAll(signInToRealApi);
afterAll(forgetSession);

const period = { from: '2026-01-01', to: '2026-03-31' };

describe('leaderboard hooks on the real API', () => {
  it('reads a board, its choices and the caller’s place', async () => {
    const { result } = renderHookWithProviders(() => ({
      company: useLeaderboard({ kind: 'company' }, period),
      waiting: useLeaderboard({ kind: 'category' }, period),
      choices: useLeaderboardChoices(),
      why: useLeaderboardExplanation({ kind: 'company' }, period, true),
    }));
    await waitFor(() => expect(result.current.company.isSuccess).toBe(true));
    expect(result.current.company.data).toMatchObject({
      board: { kind: 'company', id: null },
      from: '2026-01-01',
      to: '2026-03-31',
      positions: 10,
    });
    expect(result.current.company.data?.me).not.toBeNull();
    // No category chosen yet: nothing is asked.
    expect(result.current.waiting.fetchStatus).toBe('idle');
    await waitFor(() => expect(result.current.choices.isSuccess).toBe(true));
    expect(result.current.choices.data?.categories.length).toBeGreaterThan(0);
    await waitFor(() => expect(result.current.why.isSuccess).toBe(true));
    expect(result.current.why.data).toMatchObject({ priorWeight: 5, windowDays: 7 });
  });
});
