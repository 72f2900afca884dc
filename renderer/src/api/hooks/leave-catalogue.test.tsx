/**
 * The leave catalogue hooks against the real API (no mock of our own server): queries bring the server's
 * data, and a mutation's invalidation brings the change into the queries on screen without a reload.
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import { leaveCatalogueKeys, useHolidays, useLeaveTypes, useSaveHoliday, useSaveLeaveType } from './leave-catalogue';

beforeAll(signInToRealApi);
afterAll(forgetSession);

describe('leave catalogue hooks on the real API', () => {
  it("lists the company's leave types, and adding one refreshes the list through the mutation's invalidation", async () => {
    const { result, queryClient } = renderHookWithProviders(() => ({
      types: useLeaveTypes(),
      save: useSaveLeaveType(),
    }));
    await waitFor(() => expect(result.current.types.isSuccess).toBe(true));
    const before = result.current.types.data!;
    expect(before.map((t) => t.name)).not.toContain('Study leave');
    const fetches = queryClient.getQueryState(leaveCatalogueKeys.types)!.dataUpdateCount;

    let saved: Awaited<ReturnType<typeof result.current.save.mutateAsync>> | undefined;
    await act(async () => {
      saved = await result.current.save.mutateAsync({ body: { name: 'Study leave', kind: 'quota', yearlyQuota: 5 } });
    });
    expect(saved).toMatchObject({ name: 'Study leave', kind: 'quota', yearlyQuota: 5, isActive: true });

    // The list query was invalidated and fetched again: the server's new row is on screen.
    await waitFor(() => expect(result.current.types.data?.map((t) => t.name)).toContain('Study leave'));
    expect(queryClient.getQueryState(leaveCatalogueKeys.types)!.dataUpdateCount).toBeGreaterThan(fetches);
    expect(result.current.types.data).toHaveLength(before.length + 1);
  });

  it("answers a duplicate name with the server's field error and leaves the list as it was", async () => {
    const { result } = renderHookWithProviders(() => ({ types: useLeaveTypes(), save: useSaveLeaveType() }));
    await waitFor(() => expect(result.current.types.isSuccess).toBe(true));
    const count = result.current.types.data!.length;
    let failure: unknown;
    await act(async () => {
      failure = await result.current.save.mutateAsync({ body: { name: 'Study leave', kind: 'quota' } }).then(
        () => undefined,
        (e: unknown) => e,
      );
    });
    expect(Object.keys(fieldErrors(failure))).toEqual(['name']);
    expect(result.current.types.data).toHaveLength(count);
  });

  it("adding a holiday refreshes that year's holidays", async () => {
    const { result } = renderHookWithProviders(() => ({ holidays: useHolidays(2031), save: useSaveHoliday() }));
    await waitFor(() => expect(result.current.holidays.isSuccess).toBe(true));
    expect(result.current.holidays.data).toEqual([]);
    await act(async () => {
      await result.current.save.mutateAsync({ body: { name: 'Founders Day', date: '2031-03-14' } });
    });
    await waitFor(() =>
      expect(result.current.holidays.data?.map((h) => [h.name, h.date])).toEqual([['Founders Day', '2031-03-14']]),
    );
  });
});
