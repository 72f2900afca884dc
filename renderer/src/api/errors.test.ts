/**
 * The text of a failure is the text of its code in the interface's language (docs/i18n.md): the catalogue's
 * `errors` namespace, not the English MESSAGES, whatever language the person chose.
 */
import { AxiosError } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { fr } from '../../../shared/i18n/resources';
import { MESSAGES } from '../../../shared/messages';
import { applyLanguage } from '../i18n';
import { apiError } from '../test/api-error';
import { errorMessage } from './errors';
// The leave failures' own texts, which the leave hooks bring (error-texts.ts).
import './hooks/leave-failures';

afterEach(() => {
  applyLanguage('en');
});

describe('errorMessage', () => {
  it('shows a known code, validation, refusal, server and network failures in English', () => {
    expect(errorMessage(apiError(401, 'INVALID_CREDENTIALS', 'x'))).toBe(MESSAGES.INVALID_CREDENTIALS);
    expect(errorMessage(apiError(400, 'VALIDATION', 'x'))).toBe(MESSAGES.VALIDATION);
    expect(errorMessage(apiError(403, 'FORBIDDEN', 'x'))).toBe(MESSAGES.FORBIDDEN);
    expect(errorMessage(apiError(500, 'INVALID_CREDENTIALS', 'x'))).toBe(MESSAGES.INTERNAL);
    expect(errorMessage(new AxiosError('down', 'ERR_NETWORK'))).toBe(MESSAGES.UNAVAILABLE);
    expect(errorMessage(new Error('no body'))).toBe(MESSAGES.INTERNAL);
  });

  it('shows the same failures in French when the interface is French', () => {
    applyLanguage('fr');
    expect(errorMessage(apiError(401, 'INVALID_CREDENTIALS', 'x'))).toBe(fr.errors.INVALID_CREDENTIALS);
    expect(errorMessage(apiError(400, 'VALIDATION', 'x'))).toBe(fr.errors.VALIDATION);
    expect(errorMessage(apiError(403, 'FORBIDDEN', 'x'))).toBe(fr.errors.FORBIDDEN);
    expect(errorMessage(apiError(500, 'INVALID_CREDENTIALS', 'x'))).toBe(fr.errors.INTERNAL);
    expect(errorMessage(new AxiosError('down', 'ERR_NETWORK'))).toBe(fr.errors.UNAVAILABLE);
    expect(errorMessage(new Error('no body'))).toBe(fr.errors.INTERNAL);
    expect(fr.errors.INVALID_CREDENTIALS).not.toBe(MESSAGES.INVALID_CREDENTIALS);
  });

  it('keeps the server’s message for a code the catalogue lacks, and the caller’s fallback without a body', () => {
    expect(errorMessage(apiError(409, 'SOMETHING_NEW', 'Le serveur l’a dit'))).toBe('Le serveur l’a dit');
    expect(errorMessage(new Error('no body'), 'Could not save')).toBe('Could not save');
  });

  it('says what went wrong in this case where the details name it, in the interface’s language', () => {
    const overlap = (status: number) =>
      apiError(409, 'LEAVE_OVERLAP', 'x', { requestId: 7, startDate: '2026-12-07', endDate: '2026-12-08', status });
    expect(errorMessage(overlap(12))).toBe('These dates overlap your approved leave of 07-Dec-2026 to 08-Dec-2026.');
    expect(errorMessage(overlap(1))).toBe(
      'These dates overlap your leave request of 07-Dec-2026 to 08-Dec-2026, still waiting for approval.',
    );
    const quota = apiError(400, 'LEAVE_QUOTA_EXCEEDED', 'x', { remaining: 1, requested: 3 });
    expect(errorMessage(quota)).toBe('This request needs 3 working days; 1 working day is left of this type.');
    // Details that do not fit the code's contract: the code's own text.
    expect(errorMessage(apiError(409, 'LEAVE_OVERLAP', 'x', { requestId: 7 }))).toBe(MESSAGES.LEAVE_OVERLAP);
    applyLanguage('fr');
    expect(errorMessage(overlap(12))).toBe(
      'Ces dates chevauchent votre congé approuvé du 07-déc.-2026 au 08-déc.-2026.',
    );
  });
});
