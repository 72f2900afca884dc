/**
 * A card of company settings (Settings › General, Feedback, Productivity): a form with an optional heading,
 * its fields in a grid, and Save for those who may change them. A field shows the stored value until the
 * user edits it (a draft); Save needs a change and every draft valid, and a save resets the drafts so the
 * fields show what the server now has. The save hooks tell whether it was saved (a toast).
 */
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Select,
  Skeleton,
  SkeletonItem,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { useTranslation } from '../i18n';
import { useUnsavedChanges } from './unsaved';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, maxWidth: '720px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalL,
  },
  titled: { marginTop: tokens.spacingVerticalM },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

/** What a card needs to know of each field's draft. */
export type Draft = { edited: boolean; valid: boolean; reset: () => void };

/** A setting as typed: the stored value until the user edits it. */
export function useDraft<T>(saved: T) {
  const [draft, setDraft] = useState<T | null>(null);
  return {
    value: draft ?? saved,
    edited: draft !== null,
    valid: true,
    set: setDraft,
    reset: () => setDraft(null),
  };
}

/** A number setting as typed; `value` is the number when `parse` accepts the text, else undefined. */
export function useNumberDraft(saved: number, parse: (text: string) => number | undefined) {
  const draft = useDraft(String(saved));
  const value = parse(draft.value);
  return { ...draft, text: draft.value, value, valid: value !== undefined };
}

export type NumberDraft = ReturnType<typeof useNumberDraft>;

/** Parses a typed number by a settings schema's rule (shared/settings.ts, which the server checks too). */
export const bySchema =
  (rule: { safeParse: (value: number) => { success: boolean; data?: number } }) =>
  (text: string): number | undefined => {
    if (text.trim() === '') return undefined;
    const result = rule.safeParse(Number(text));
    return result.success ? result.data : undefined;
  };

/** A number field of a settings card; read-only for those who may not change it. */
export function NumberSetting({
  draft,
  label,
  hint,
  invalidMessage,
  readOnly,
  min,
  max,
  step,
  testId,
}: {
  draft: NumberDraft;
  label: string;
  hint: string;
  /** Shown while the typed text is refused. */
  invalidMessage: string;
  readOnly: boolean;
  min: number;
  max: number;
  step?: number;
  testId?: string;
}) {
  const error = draft.valid ? undefined : invalidMessage;
  return (
    <Field label={label} hint={hint} validationMessage={error} validationState={error ? 'error' : 'none'}>
      <Input
        type="number"
        min={min}
        max={max}
        step={step}
        value={draft.text}
        readOnly={readOnly}
        onChange={(_, d) => draft.set(d.value)}
        data-testid={testId}
      />
    </Field>
  );
}

/** A choice among fixed values of a settings card; disabled for those who may not change it. */
export function SelectSetting<T extends string>({
  draft,
  options,
  optionText,
  label,
  hint,
  disabled,
  testId,
}: {
  draft: { value: T; set: (value: T) => void };
  options: readonly T[];
  optionText: (value: T) => string;
  label: string;
  hint?: string;
  disabled: boolean;
  testId?: string;
}) {
  return (
    <Field label={label} hint={hint}>
      <Select
        value={draft.value}
        disabled={disabled}
        onChange={(_, d) => {
          const chosen = options.find((o) => o === d.value);
          if (chosen !== undefined) draft.set(chosen);
        }}
        data-testid={testId}
      >
        {options.map((value) => (
          <option key={value} value={value}>
            {optionText(value)}
          </option>
        ))}
      </Select>
    </Field>
  );
}

export function SettingsCard({
  label,
  title,
  canEdit = true,
  drafts,
  dirty,
  saveDisabled = false,
  pending,
  onSave,
  children,
}: {
  /** The form's accessible name. */
  label: string;
  title?: string;
  /** Without it the fields are read-only and there is no Save. */
  canEdit?: boolean;
  /** The fields' drafts: Save waits for a change and for every one to be valid. */
  drafts?: readonly Draft[];
  /**
   * Whether the form holds edits not saved yet (leaving the page or tab then asks first); by default, whether a
   * draft is edited. Forms that keep their own state say it.
   */
  dirty?: boolean;
  saveDisabled?: boolean;
  pending: boolean;
  /** Saves; `saved` puts the drafts back to what the server has, for the save's onSuccess. */
  onSave: (saved: () => void) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  const waiting = drafts !== undefined && (!drafts.some((d) => d.edited) || !drafts.every((d) => d.valid));
  useUnsavedChanges(canEdit && (dirty ?? drafts?.some((d) => d.edited) ?? false));
  const disabled = pending || saveDisabled || waiting;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!disabled) onSave(() => drafts?.forEach((d) => d.reset()));
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={label}>
        {title ? (
          <Text as="h2" size={400} weight="semibold" block>
            {title}
          </Text>
        ) : null}
        <div className={mergeClasses(styles.grid, title ? styles.titled : undefined)}>{children}</div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button
              appearance="primary"
              type="submit"
              disabled={disabled}
              icon={pending ? <Spinner size="tiny" /> : undefined}
            >
              {t('actions.save')}
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}

/** A settings tab's own query: its error, a skeleton while it loads, then the tab with the data. */
export function SettingsQuery<T>({
  query,
  label,
  children,
}: {
  query: { data: T | undefined; isError: boolean; error: unknown };
  /** The skeleton's accessible name. */
  label: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(query.error)}</MessageBarBody>
      </MessageBar>
    );
  if (query.data === undefined)
    return (
      <Skeleton aria-label={label}>
        <SkeletonItem size={48} />
      </Skeleton>
    );
  return <>{children(query.data)}</>;
}
