/**
 * The badges hooks against the real API: Badge Control's category picker follows a save and a switch
 * through the mutations' invalidation; the options say what the administrator may do; a refused status
 * change answers the server's error and leaves the requests lists as the server has them.
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorMessage, fieldErrors } from '../errors';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import {
  useAllBadgeCategories,
  useBadgeOptions,
  useBadgeRequestStats,
  useMyBadgeRequests,
  useSaveBadgeCategory,
  useSetBadgeCategoryStatus,
  useSetRequestStatus,
} from './badges';

beforeAll(signInToRealApi);
afterAll(forgetSession);

describe('badges hooks on the real API', () => {
  it('adds and switches off a badge category; the picker follows', async () => {
    const { result } = renderHookWithProviders(() => ({
      categories: useAllBadgeCategories(),
      save: useSaveBadgeCategory(),
      status: useSetBadgeCategoryStatus(),
    }));
    await waitFor(() => expect(result.current.categories.isSuccess).toBe(true));
    const name = `Hooks badges ${Date.now().toString(36)}`;
    let id = 0;
    await act(async () => {
      id = (await result.current.save.mutateAsync({ name })).id;
    });
    await waitFor(() => expect(result.current.categories.data?.map((c) => c.name)).toContain(name));
    await act(async () => {
      await result.current.status.mutateAsync({ id, isActive: false });
    });
    await waitFor(() => expect(result.current.categories.data?.find((c) => c.id === id)?.isActive).toBe(false));

    let failure: unknown;
    await act(async () => {
      failure = await result.current.save.mutateAsync({ name: name.toUpperCase() }).then(
        () => undefined,
        (e: unknown) => e,
      );
    });
    expect(fieldErrors(failure)).toEqual({ name: 'A badge category with this name already exists.' });
  });

  it('tells the administrator what they may do, and keeps the lists when a decision is refused', async () => {
    const { result } = renderHookWithProviders(() => ({
      options: useBadgeOptions(),
      stats: useBadgeRequestStats(true),
      mine: useMyBadgeRequests(1, { type: 'contribution' }),
      status: useSetRequestStatus(),
    }));
    await waitFor(() => expect(result.current.options.isSuccess && result.current.stats.isSuccess).toBe(true));
    expect(result.current.options.data).toMatchObject({ canGive: true, canContribute: true, canRecommend: true });
    await waitFor(() => expect(result.current.mine.isSuccess).toBe(true));
    const before = result.current.mine.data;
    let failure: unknown;
    await act(async () => {
      failure = await result.current.status.mutateAsync({ id: 2_000_000_000, status: 'approved' }).then(
        () => undefined,
        (e: unknown) => e,
      );
    });
    expect(errorMessage(failure)).toBe('The requested item does not exist.');
    expect(result.current.mine.data).toEqual(before);
  });
});
