import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { firstIssueByField, useFieldMessages } from './form-fields';

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
