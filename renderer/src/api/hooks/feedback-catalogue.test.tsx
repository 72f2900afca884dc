/**
 * The feedback catalogue hooks against the real API: the counts and the category picker bring the
 * server's data, and saving or switching off refreshes them through the mutations' invalidation.
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldErrors } from '../errors';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import {
  useAllCategories,
  useFeedbackCatalogueCounts,
  useSaveAttribute,
  useSaveCategory,
  useSetCategoryStatus,
} from './feedback-catalogue';

beforeAll(signInToRealApi);
afterAll(forgetSession);

describe('feedback catalogue hooks on the real API', () => {
  it('adds a category and an attribute; the counts and the picker follow, deactivating too', async () => {
    const { result } = renderHookWithProviders(() => ({
      counts: useFeedbackCatalogueCounts(),
      categories: useAllCategories(),
      saveCategory: useSaveCategory(),
      saveAttribute: useSaveAttribute(),
      status: useSetCategoryStatus(),
    }));
    await waitFor(() => expect(result.current.counts.isSuccess && result.current.categories.isSuccess).toBe(true));
    const before = result.current.counts.data!;
    const name = `Hooks category ${Date.now().toString(36)}`;

    let id = 0;
    await act(async () => {
      id = (await result.current.saveCategory.mutateAsync({ body: { name, color: '#0a0b0c', synonyms: ['x'] } })).id;
      await result.current.saveAttribute.mutateAsync({ body: { name: `${name} attribute`, categoryId: id } });
    });
    await waitFor(() => expect(result.current.categories.data?.map((c) => c.name)).toContain(name));
    await waitFor(() =>
      expect(result.current.counts.data).toEqual({
        categories: { active: before.categories.active + 1, total: before.categories.total + 1 },
        attributes: { active: before.attributes.active + 1, total: before.attributes.total + 1 },
      }),
    );
    expect(result.current.categories.data?.find((c) => c.id === id)).toMatchObject({
      color: '#0A0B0C',
      attributeCount: 1,
    });

    await act(async () => {
      await result.current.status.mutateAsync({ id, isActive: false });
    });
    await waitFor(() => expect(result.current.counts.data?.attributes.active).toBe(before.attributes.active));
    expect(result.current.categories.data?.find((c) => c.id === id)?.isActive).toBe(false);
  });

  it("answers a name taken in another case with the server's field error", async () => {
    const { result } = renderHookWithProviders(() => useSaveCategory());
    let failure: unknown;
    await act(async () => {
      failure = await result.current.mutateAsync({ body: { name: 'QUALITY', color: '#000000' } }).then(
        () => undefined,
        (e: unknown) => e,
      );
    });
    expect(fieldErrors(failure)).toEqual({ name: 'A category with this name already exists.' });
  });
});
