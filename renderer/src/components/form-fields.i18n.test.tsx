/**
 * The early field checks use the shared rules, which write English: the field shows the message in the
 * interface's language (docs/i18n.md).
 */
import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, requiredText } from '../../../shared/validation';
import { applyLanguage } from '../i18n';
import { firstIssueByField, useFieldMessages } from './form-fields';

const schema = z.object({ email: emailSchema, name: requiredText(40) });
const rules = firstIssueByField(schema.safeParse({ email: 'not an address', name: '' }));

afterEach(() => {
  applyLanguage('en');
});

describe('rule messages in the interface’s language', () => {
  it('shows the shared rule’s message in French', () => {
    applyLanguage('fr');
    const { result } = renderHook(() => useFieldMessages<'email' | 'name'>());
    act(() => result.current.submitted());
    expect(result.current.field('email', rules).validationMessage).toBe('Saisissez une adresse e-mail valide');
    expect(result.current.field('name', rules).validationMessage).toBe('Ce champ est obligatoire');
    expect(result.current.field('email', rules).validationMessage).not.toBe('Enter a valid e-mail address');
  });

  it('keeps English in English, and a text the catalogue lacks as it is', () => {
    const { result } = renderHook(() => useFieldMessages<'email' | 'other'>());
    act(() => result.current.submitted());
    expect(result.current.field('email', rules).validationMessage).toBe('Enter a valid e-mail address');
    expect(result.current.field('other', { other: 'Bad address' }).validationMessage).toBe('Bad address');
  });
});
