/** Field state with "show errors early": a field's message appears once it was left or a submit was tried. */
import { useState } from 'react';

export function useTouched<K extends string>() {
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  return {
    touch: (key: K) => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    shown: (key: K, message: string | null) => (submitted || touched[key] ? message : null),
    submit: () => setSubmitted(true),
    reset: () => {
      setTouched({});
      setSubmitted(false);
    },
  };
}

export const CODE_PATTERN = /^\d{6}$/;
export const CODE_MESSAGE = 'The code has 6 digits';
