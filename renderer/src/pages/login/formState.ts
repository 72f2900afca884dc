/**
 * What the sign-up, reset-password and e-mail confirmation forms share: the e-mailed code's shape (its
 * message is `auth:rules.code`), and their state, with the submit of a step.
 */
import { useState } from 'react';
import { useFormState } from '../../components/form-fields';

export const CODE_PATTERN = /^\d{6}$/;

/** What typing in the code's field keeps. */
export const codeDigits = (typed: string) => typed.replace(/\D/g, '');

/**
 * A first-screen form's values and messages (components/form-fields), the line that says a code was sent,
 * and `attempt`: the submit of a step, which shows every message, and only when the step's own rules pass
 * runs its call with the button busy and the form's error cleared; `failed` tells a refusal.
 */
export function useAuthForm<Form extends Record<string, string>>(initial: Form) {
  const form = useFormState(() => initial);
  const [busy, setBusy] = useState(false);
  const [info, setInfo] = useState<string | null>(null);
  const attempt = async (rules: (string | null)[], work: () => Promise<void>, failed: (error: unknown) => void) => {
    form.messages.submitted();
    if (rules.some(Boolean)) return;
    setBusy(true);
    form.setFormError(null);
    try {
      await work();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  };
  return { ...form, busy, info, setInfo, attempt };
}
