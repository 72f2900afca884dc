/**
 * A password input with show/hide, the live checklist of the shared password rule, and the new password with its
 * confirmation as the sign-up, reset-password and change-password forms ask for it.
 */
import { Button, Input, makeStyles, Text, tokens, type InputProps } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CircleRegular, EyeOffRegular, EyeRegular } from '@fluentui/react-icons';
import { useState, type Ref } from 'react';
import { useTranslation } from '../i18n';
import type { FormState, RuleMessages } from './form-fields';
import { TextField } from './TextField';

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

/** The two fields of a form holding a new password and its confirmation (and whatever else it asks). */
type PasswordForm = { password: string; confirmPassword: string };

export function NewPasswordFields<Form extends PasswordForm & Record<string, unknown>>({
  labels,
  form,
  rules,
}: {
  labels: { password: string; confirmPassword: string };
  form: FormState<Form>;
  rules: RuleMessages;
}) {
  // TypeScript cannot see the two keys as text keys of every such form; they are by PasswordForm.
  const fields = { form: form as unknown as FormState<PasswordForm>, rules, control: PasswordInput };
  return (
    <>
      <TextField
        {...fields}
        name="password"
        label={labels.password}
        required
        hint={<PasswordRules password={form.values.password} />}
        autoComplete="new-password"
      />
      <TextField
        {...fields}
        name="confirmPassword"
        label={labels.confirmPassword}
        required
        autoComplete="new-password"
      />
    </>
  );
}
