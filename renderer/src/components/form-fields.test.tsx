import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiError } from '../test/api-error';
import { firstIssueByField, useFieldMessages, useFormState } from './form-fields';

const rule = { name: 'Name is required' };

describe('useFieldMessages', () => {
  it('hides a rule error until the field is left, then shows it', () => {
    const { result } = renderHook(() => useFieldMessages<'name' | 'email'>());
    expect(result.current.field('name', rule)).toEqual({ validationMessage: undefined, validationState: 'none' });
    act(() => result.current.touch('name')());
    expect(result.current.field('name', rule)).toEqual({
      validationMessage: 'Name is required',
      validationState: 'error',
    });
    // Leaving one field says nothing about another.
    expect(result.current.field('email', { email: 'Bad address' }).validationMessage).toBeUndefined();
  });

  it('shows every rule error once the form was submitted', () => {
    const { result } = renderHook(() => useFieldMessages<'name' | 'email'>());
    act(() => result.current.submitted());
    expect(result.current.field('name', rule).validationMessage).toBe('Name is required');
    expect(result.current.field('email', { email: 'Bad address' }).validationMessage).toBe('Bad address');
    expect(result.current.field('email', {}).validationState).toBe('none');
  });

  it("lets the server's message win over the rule's, until the user edits the field", () => {
    const { result } = renderHook(() => useFieldMessages<'name' | 'email'>());
    act(() => result.current.setServerErrors({ email: 'This e-mail is already used' }));
    // The server's message shows without a touch or a submit, and over the rule's.
    expect(result.current.field('email', { email: 'Bad address' })).toEqual({
      validationMessage: 'This e-mail is already used',
      validationState: 'error',
    });
    act(() => result.current.edited('email'));
    expect(result.current.field('email', {}).validationMessage).toBeUndefined();
    // Editing clears only that field's server message.
    act(() => result.current.setServerErrors({ email: 'Taken', name: 'Too long' }));
    act(() => result.current.edited('email'));
    expect(result.current.field('name', {}).validationMessage).toBe('Too long');
  });
});

describe('firstIssueByField', () => {
  it("keeps each field's first issue from a zod result", () => {
    const schema = z.object({
      name: z.string().min(1, 'Name is required').max(3, 'Too long'),
      age: z.number({ error: 'Age is a number' }),
    });
    expect(firstIssueByField(schema.safeParse({ name: '', age: 'x' }))).toEqual({
      name: 'Name is required',
      age: 'Age is a number',
    });
    expect(firstIssueByField(schema.safeParse({ name: 'Ann', age: 3 }))).toEqual({});
  });
});

describe('useFormState', () => {
  const initial = () => ({ name: '', email: 'ann@example.com' });

  it('saves only when no rule fails; a failing rule shows every message and the form says why', () => {
    const { result } = renderHook(() => useFormState(initial));
    let saved = 0;
    act(() => result.current.submit({ name: 'Name is required', email: null }, 'Check the fields', () => saved++));
    expect(saved).toBe(0);
    expect(result.current.formError).toBe('Check the fields');
    expect(result.current.messages.field('name', { name: 'Name is required' }).validationMessage).toBe(
      'Name is required',
    );
    act(() => result.current.set('name', 'Ann'));
    expect(result.current.values).toEqual({ name: 'Ann', email: 'ann@example.com' });
    act(() => result.current.submit({ name: null, email: null }, 'Check the fields', () => saved++));
    expect(saved).toBe(1);
    expect(result.current.formError).toBeNull();
  });

  it("shows a refused save's field messages under their fields until edited, and no banner repeating them", () => {
    const { result } = renderHook(() => useFormState(initial));
    const refused = apiError(409, 'DUPLICATE', 'Taken', { fields: [{ path: 'body.email', message: 'E-mail in use' }] });
    act(() => result.current.failed(refused, { fallback: 'Not saved' }));
    expect(result.current.formError).toBeNull();
    expect(result.current.messages.field('email', {}).validationMessage).toBe('E-mail in use');
    act(() => result.current.set('email', 'ann@example.org'));
    expect(result.current.messages.field('email', {}).validationMessage).toBeUndefined();
  });
});
