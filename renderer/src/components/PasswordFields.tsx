/**
 * A password input with show/hide, the live checklist of the shared password rule, and the new password with its
 * confirmation as the sign-up, reset-password and change-password forms ask for it.
 */
import { Button, Field, Input, makeStyles, Text, tokens, type InputProps } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState, type Ref } from 'react';
import { useTranslation } from '../i18n';

export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'> & { ref?: Ref<HTMLInputElement> }) {
  const [visible, setVisible] = useState(false);
  const { t } = useTranslation('common');
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOffRegular /> : <EyeRegular />}
          aria-label={visible ? t('password.hide') : t('password.show')}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}

/** The parts of shared/credentials' isStrongPassword, spelled out so the user sees what is missing. */
const RULES: { key: 'length' | 'cases' | 'number' | 'special' | 'noSpaces'; test: (p: string) => boolean }[] = [
  { key: 'length', test: (p) => p.length > 6 },
  { key: 'cases', test: (p) => /[A-Z]/.test(p) && /[a-z]/.test(p) },
  { key: 'number', test: (p) => /[0-9]/.test(p) },
  { key: 'special', test: (p) => /[^A-Za-z0-9\s]/.test(p) },
  { key: 'noSpaces', test: (p) => p.length > 0 && !/\s/.test(p) },
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
  const { t } = useTranslation('common');
  return (
    <ul className={styles.list} id={id} aria-label={t('password.requirements')}>
      {RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.key} className={styles.item}>
            {met ? (
              <CheckmarkCircleFilled className={styles.met} aria-hidden="true" />
            ) : (
              <CircleRegular aria-hidden="true" />
            )}
            <Text size={200}>
              {t(`password.rules.${rule.key}`)}
              <span className="visually-hidden"> {met ? t('password.met') : t('password.notMet')}</span>
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
