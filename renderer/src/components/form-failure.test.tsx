/**
 * A refused save is said once in the form on screen (docs/architecture.md, "Failures in forms"): a field
 * message under the field it names, the banner only for what no field message says. Refusals of the real API
 * (a role's name taken, a holiday's date taken) and answers it gives in other cases (a field the form lacks,
 * no answer at all).
 */
import { act, renderHook } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { useSaveHoliday } from '../api/hooks/leave-catalogue';
import { useSaveRole } from '../api/hooks/people';
import { apiError } from '../test/api-error';
import { forgetSession, signInToRealApi } from '../test/real-api';
import { renderHookWithProviders } from '../test/render';
import { formFailure, useFormFailure } from './form-fields';

beforeAll(signInToRealApi);
afterAll(forgetSession);

/** What `promise` was refused with: the test fails if it was not. */
async function refusal(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('the API accepted what it should refuse');
    },
    (error: unknown) => error,
  );
}

describe('useFormFailure', () => {
  it('says a refusal naming a field under that field only: no banner', async () => {
    const name = `Once ${Date.now().toString(36)}`;
    const { result } = renderHookWithProviders(() => ({
      save: useSaveRole(),
      failure: useFormFailure<'name'>({ fallback: 'Failed to add role' }),
    }));
    const body = { name, permissions: [] };
    await act(async () => {
      await result.current.save.mutateAsync({ body });
    });
    let taken: unknown;
    await act(async () => {
      taken = await refusal(result.current.save.mutateAsync({ body }));
    });
    act(() => result.current.failure.onError(taken));
    expect(result.current.failure.messages.message('name', {})).toBe('A role with this name already exists.');
    expect(result.current.failure.banner).toBeNull();
  });

  it('says a refusal naming no field in the banner, and a new attempt clears it', async () => {
    const date = `${new Date().getUTCFullYear() + 4}-06-17`;
    const { result } = renderHookWithProviders(() => ({
      save: useSaveHoliday(),
      failure: useFormFailure<'name' | 'date'>(),
    }));
    await act(async () => {
      await result.current.save.mutateAsync({ body: { name: 'Once', date } });
    });
    let exists: unknown;
    await act(async () => {
      exists = await refusal(result.current.save.mutateAsync({ body: { name: 'Once again', date } }));
    });
    act(() => result.current.failure.onError(exists));
    expect(result.current.failure.banner).toBe(MESSAGES.HOLIDAY_EXISTS);
    expect(result.current.failure.messages.message('date', {})).toBeUndefined();
    act(() => result.current.failure.start());
    expect(result.current.failure.banner).toBeNull();
  });

  it('puts the spec’s title before the banner’s text', () => {
    const { result } = renderHook(() => useFormFailure({ title: 'Failed to submit feedback' }));
    act(() => result.current.onError(apiError(409, 'SOMETHING_NEW', 'Already answered')));
    expect(result.current.banner).toBe('Failed to submit feedback: Already answered');
  });
});

describe('formFailure', () => {
  const refused = apiError(400, 'VALIDATION', 'Ensure all fields are filled correctly.', {
    fields: [
      { path: 'body.name', message: 'Name is too long' },
      { path: 'body.colour', message: 'Not a colour' },
    ],
  });

  it('says a field the form does not show in the banner, so no message is lost', () => {
    expect(formFailure(refused, { shown: ['name'] })).toEqual({
      fields: { name: 'Name is too long' },
      banner: 'Not a colour',
    });
    expect(formFailure(refused, { shown: [] })).toEqual({ fields: {}, banner: 'Name is too long Not a colour' });
    const item = apiError(400, 'VALIDATION', 'x', { fields: [{ path: 'body.synonyms.3', message: 'Too long' }] });
    expect(formFailure(item, { shown: ['synonyms'] })).toEqual({ fields: { 'synonyms.3': 'Too long' }, banner: null });
  });

  it('takes every field as shown when the form does not say which, and falls back without an answer', () => {
    expect(formFailure(refused)).toEqual({
      fields: { name: 'Name is too long', colour: 'Not a colour' },
      banner: null,
    });
    expect(formFailure(new Error('no answer'), { fallback: 'Not saved' })).toEqual({ fields: {}, banner: 'Not saved' });
  });
});
