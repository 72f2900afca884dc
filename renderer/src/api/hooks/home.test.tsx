/**
 * The Home widget hooks against the real API: every widget's figures arrive, an empty hashtag search asks
 * nothing, and giving feedback with a #tag (the feedback hooks' mutation) brings the tag and this week's
 * streak in through the invalidation of the feedback keys.
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import { useGiveFeedback, useGivingOptions } from './feedback';
import {
  useEmployeeRanking,
  useGivingFrequency,
  useGivingStreak,
  useHashtagSearch,
  useHomeLeaderboard,
  useTeamPercentage,
  useTeamRanking,
  useTopAttributes,
  useTopHashtags,
} from './home';
import { useSaveEmployee } from './people';

/** Nine widgets at once on a shared machine: more than waitFor's default second. */
const WAIT = { timeout: 15_000 };

beforeAll(signInToRealApi);
afterAll(forgetSession);

describe('home widget hooks on the real API', () => {
  it('reads every widget, and a gift with a #tag brings the tag and the streak in', async () => {
    const tag = `hooks${Date.now().toString(36)}`;
    const { result } = renderHookWithProviders(() => ({
      leaderboard: useHomeLeaderboard(),
      streak: useGivingStreak(),
      frequency: useGivingFrequency(),
      tags: useTopHashtags(),
      idle: useHashtagSearch('  # '),
      search: useHashtagSearch(`#${tag.slice(0, 6).toUpperCase()}`),
      attributes: useTopAttributes(),
      given: useEmployeeRanking('given'),
      teams: useTeamRanking(),
      target: useTeamPercentage(),
      options: useGivingOptions(),
      saveEmployee: useSaveEmployee(),
      give: useGiveFeedback(),
    }));
    await waitFor(() => {
      for (const key of [
        'leaderboard',
        'streak',
        'frequency',
        'tags',
        'attributes',
        'given',
        'teams',
        'target',
      ] as const)
        expect(result.current[key].isSuccess, key).toBe(true);
    }, WAIT);
    expect(result.current.leaderboard.data?.board.kind).toBe('company');
    expect(result.current.frequency.data?.weeks).toHaveLength(12);
    expect(result.current.given.data?.pages[0]?.type).toBe('given');
    // Nothing to search: nothing asked, nothing held.
    expect(result.current.idle.fetchStatus).toBe('idle');
    expect(result.current.idle.data).toBeUndefined();
    await waitFor(() => expect(result.current.search.isSuccess).toBe(true), WAIT);
    expect(result.current.search.data?.items).toEqual([]);

    await waitFor(() => expect(result.current.options.isSuccess).toBe(true), WAIT);
    const category = result.current.options.data!.categories[0]!;
    let colleague = 0;
    await act(async () => {
      colleague = (
        await result.current.saveEmployee.mutateAsync({
          body: { name: `Hooks ${tag}`, email: `${tag}@renderer.example` },
        })
      ).id;
    });
    await act(async () => {
      await result.current.give.mutateAsync({
        receiverIds: [colleague],
        ratings: [{ categoryId: category.id, rating: 5 }],
        comment: `Thanks! #${tag}`,
      });
    });
    await waitFor(() => expect(result.current.tags.data?.items).toContainEqual({ tag, uses: 1, own: true }), WAIT);
    expect(result.current.streak.data).toMatchObject({ thisWeek: true });
    expect(result.current.streak.data!.weeks).toBeGreaterThanOrEqual(1);
  });
});
