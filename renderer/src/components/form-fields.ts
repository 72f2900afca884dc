/**
 * Field messages of the form dialogs: a server error for a field wins; a rule error (from the shared
 * contract, checked as the user types) shows once the field was left or the form was submitted.
 */
import { useState } from 'react';
import { localizeMessage } from '../../../shared/i18n/localize';
import { errorMessage, fieldErrors } from '../api/errors';
import { useTranslation } from '../i18n';

export type FieldErrors = Partial<Record<string, string>>;
/** A form's rule messages by field; null or absent where the field is fine. */
export type RuleMessages = Partial<Record<string, string | null>>;

/** The first message of each field from a zod safeParse result (the contract the server checks too). */
export function firstIssueByField(result: {
  success: boolean;
  error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } | undefined;
}): FieldErrors {
  const errors: FieldErrors = {};
  if (!result.success && result.error)
    for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

/** A Fluent Field's props showing `message` as its error, or no error. */
export function errorProps(message: string | null | undefined) {
  return {
    validationMessage: message ?? undefined,
    validationState: message ? ('error' as const) : ('none' as const),
  };
}

export function useFieldMessages<Key extends string>() {
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const { t } = useTranslation();
  // The shared rules write English; their messages show in the interface's language (docs/i18n.md).
  const translate = t as unknown as (key: string, options?: Record<string, string>) => string;

  const message = (key: Key, ruleErrors: RuleMessages) => {
    const rule = submitted || touched[key] ? ruleErrors[key] : undefined;
    return serverErrors[key] ?? (rule ? localizeMessage(rule, translate) : undefined);
  };
  return {
    /** The message the field shows now, if any. */
    message,
    /** Props for a Fluent Field. */
    field: (key: Key, ruleErrors: RuleMessages) => errorProps(message(key, ruleErrors)),
    /** onBlur handler: the field's rule error shows from now on. */
    touch: (key: Key) => () => setTouched((t) => (t[key] ? t : { ...t, [key]: true })),
    /** The user changed the field: the server's message about its old value no longer applies. */
    edited: (key: Key) => setServerErrors((e) => (e[key] === undefined ? e : { ...e, [key]: undefined })),
    submitted: () => setSubmitted(true),
    setServerErrors,
    /** A new step or a closed dialog: nothing touched, nothing submitted, no server messages. */
    reset: () => {
      setTouched({});
      setSubmitted(false);
      setServerErrors({});
    },
  };
}

/** How a form shows a refused save: see formFailure. */
export type FailureOptions = {
  /** The banner's text when the answer says nothing the user can read (no answer, a server fault, no message). */
  fallback?: string;
  /** The spec's title of this failure ("Failed to submit feedback"), put before the banner's text. */
  title?: string;
  /**
   * The fields the form shows (a list's name shows its items' messages: "synonyms" shows "synonyms.3"); a message
   * about any other field goes to the banner. All of them when absent.
   */
  shown?: readonly string[];
};

/**
 * A refused save, as the form on screen shows it (docs/architecture.md, "Failures in forms"), said once: each
 * field message under the field it names, the banner only for what no field message says (a failure naming
 * no field the form shows), and never a toast besides.
 */
export function formFailure(
  error: unknown,
  { fallback, title, shown }: FailureOptions = {},
): { fields: Record<string, string>; banner: string | null } {
  const fields: Record<string, string> = {};
  const elsewhere: string[] = [];
  for (const [field, message] of Object.entries(fieldErrors(error)))
    if (!shown || shown.includes(field) || shown.includes(field.split('.')[0]!)) fields[field] = message;
    else if (!elsewhere.includes(message)) elsewhere.push(message);
  const unsaid = Object.keys(fields).length === 0 && elsewhere.length === 0;
  const text = unsaid ? errorMessage(error, fallback) : elsewhere.join(' ');
  return { fields, banner: text ? (title ? `${title}: ${text}` : text) : null };
}

/**
 * A form's field messages and its banner, showing a refused save once (formFailure): `onError` is the save's
 * error handler, `start` clears the banner when a new attempt starts (the failure was about the one before).
 */
export function useFormFailure<Key extends string>(options: FailureOptions = {}) {
  const messages = useFieldMessages<Key>();
  const [banner, setBanner] = useState<string | null>(null);
  return {
    messages,
    /** The form-level text above the fields, or null. */
    banner,
    /** A banner the form decides itself (its rules failed before anything was sent). */
    setBanner,
    onError: (error: unknown) => {
      const failure = formFailure(error, options);
      messages.setServerErrors(failure.fields);
      setBanner(failure.banner);
    },
    start: () => setBanner(null),
  };
}

/**
 * A form's values with their field messages and its form-level error, for the add-or-edit dialogs: `set`
 * changes a field (dropping the server's message about its old value), `submit` saves only when no rule
 * fails, and `failed` shows a refused save (each field's message under it, the form's text above).
 */
export function useFormState<Form extends Record<string, unknown>>(initial: () => Form) {
  const [values, setValues] = useState<Form>(initial);
  const messages = useFieldMessages<keyof Form & string>();
  const [formError, setFormError] = useState<string | null>(null);
  return {
    values,
    messages,
    formError,
    setFormError,
    set<K extends keyof Form & string>(key: K, value: Form[K]) {
      setValues((v) => ({ ...v, [key]: value }));
      messages.edited(key);
    },
    /** Shows every rule's message; runs `save` when none fails, else the form says `invalid`. */
    submit(rules: RuleMessages, invalid: string, save: () => void) {
      messages.submitted();
      if (Object.values(rules).some(Boolean)) {
        setFormError(invalid);
        return;
      }
      setFormError(null);
      save();
    },
    /** Back to `next` with nothing touched, submitted or refused (a closed dialog, a new step). */
    reset(next: Form) {
      setValues(next);
      messages.reset();
      setFormError(null);
    },
    /** A refused save, shown once (formFailure): field messages under their fields, the rest above. */
    failed(error: unknown, options?: FailureOptions) {
      const failure = formFailure(error, options);
      messages.setServerErrors(failure.fields);
      setFormError(failure.banner);
    },
  };
}

export type FormState<Form extends Record<string, unknown>> = ReturnType<typeof useFormState<Form>>;
