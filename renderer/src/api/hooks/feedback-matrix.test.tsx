/**
 * The responsibility matrix hooks against the real API: the caller's matrix arrives, and saving the matrix
 * settings refreshes it through the mutation's invalidation (the period and the expected count change).
 */
import { act, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderHookWithProviders } from '../../test/render';
import { forgetSession, signInToRealApi } from '../../test/real-api';
import { useMyMatrix, useSaveMatrixSettings } from './feedback-matrix';

beforeAll(signInToRealApi);
afterAll(forgetSession);

describe('responsibility matrix hooks on the real API', () => {
  it('reads the period of a date, and saving the settings refreshes it', async () => {
    const { result } = renderHookWithProviders(() => ({
      matrix: useMyMatrix('2031-05-20'),
      save: useSaveMatrixSettings(),
    }));
    await waitFor(() => expect(result.current.matrix.isSuccess).toBe(true));
    expect(result.current.matrix.data?.period).toEqual({
      kind: 'month',
      start: '2031-05-01',
      end: '2031-05-31',
      index: 5,
    });
    try {
      await act(async () => {
        await result.current.save.mutateAsync({ responsibilityMatrixIndex: 7, responsibilityMatrixPeriod: 'quarter' });
      });
      await waitFor(() =>
        expect(result.current.matrix.data?.period).toEqual({
          kind: 'quarter',
          start: '2031-04-01',
          end: '2031-06-30',
          index: 7,
        }),
      );
    } finally {
      await act(async () => {
        await result.current.save.mutateAsync({ responsibilityMatrixIndex: 5, responsibilityMatrixPeriod: 'month' });
      });
    }
  });
});
