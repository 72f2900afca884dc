/**
 * A password input with show/hide, the live checklist of the shared password rule, and the new password with its
 * confirmation as the sign-up, reset-password and change-password forms ask for it.
 */
import { Button, Field, Input, makeStyles, Text, tokens, type InputProps } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState, type Ref } from 'react';

export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}

/** The parts of shared/credentials' isStrongPassword, spelled out so the user sees what is missing. */
const RULES: { label: string; test: (p: string) => boolean }[] = [
  { label: 'More than 6 characters', test: (p) => p.length > 6 },
  { label: 'An upper-case and a lower-case letter', test: (p) => /[A-Z]/.test(p) && /[a-z]/.test(p) },
  { label: 'A number', test: (p) => /[0-9]/.test(p) },
  { label: 'A special character', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
  { label: 'No spaces', test: (p) => p.length > 0 && !/\s/.test(p) },
];

const useStyles = makeStyles({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '2px' },
  item: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    color: tokens.colorNeutralForeground3,
  },
  met: { color: tokens.colorPaletteGreenForeground1 },
});

export function PasswordRules({ password, id }: { password: string; id?: string }) {
  const styles = useStyles();
  return (
    <ul className={styles.list} id={id} aria-label="Password requirements">
      {RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.label} className={styles.item}>
            {met ? (
              <CheckmarkCircleFilled className={styles.met} aria-hidden="true" />
            ) : (
              <CircleRegular aria-hidden="true" />
            )}
            <Text size={200}>
              {rule.label}
              <span className="visually-hidden">{met ? ' (met)' : ' (not met)'}</span>
            </Text>
          </li>
        );
      })}
    </ul>
  );
}

type PasswordKey = 'password' | 'confirmPassword';
/** Field props as useFieldMessages gives them. */
type FieldProps = { validationMessage?: string; validationState: 'error' | 'none' };

export function NewPasswordFields({
  labels,
  values,
  field,
  onChange,
  onBlur,
}: {
  labels: { password: string; confirmPassword: string };
  values: Record<PasswordKey, string>;
  /** The Field props (messages) of each input. */
  field: (key: PasswordKey) => FieldProps;
  onChange: (key: PasswordKey) => (event: unknown, data: { value: string }) => void;
  onBlur: (key: PasswordKey) => () => void;
}) {
  return (
    <>
      <Field
        label={labels.password}
        required
        {...field('password')}
        hint={<PasswordRules password={values.password} />}
      >
        <PasswordInput
          autoComplete="new-password"
          value={values.password}
          onChange={onChange('password')}
          onBlur={onBlur('password')}
        />
      </Field>
      <Field label={labels.confirmPassword} required {...field('confirmPassword')}>
        <PasswordInput
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={onChange('confirmPassword')}
          onBlur={onBlur('confirmPassword')}
        />
      </Field>
    </>
  );
}
