/**
 * Confirms a changed e-mail address: an administrator changed it, and the code went to the new address.
 * The address changes and every session of the account ends, so this page signs the browser out too and
 * hands the new address to the sign-in page (docs/security.md, "E-mail change").
 */
import { Button, Field, Input, MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN } from '../../../../shared/credentials';
import { errorCode, errorMessage } from '../../api/errors';
import { useConfirmEmailChange } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import { useSessionActions } from '../../session/SessionProvider';
import type { AuthHandOver } from './AuthPage';
import { useFieldMessages } from '../../components/form-fields';
import { CODE_PATTERN } from './formState';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';

type Key = 'email' | 'code';

export function ConfirmEmailForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const { signOut } = useSessionActions();
  const confirm = useConfirmEmailChange();
  const [values, setValues] = useState({ email: handOver.email ?? '', code: '' });
  const [formError, setFormError] = useState<string | null>(null);
  const messages = useFieldMessages<Key>();

  const rules: Record<Key, string | null> = {
    email: EMAIL_PATTERN.test(values.email.trim()) ? null : t('rules.invalidEmail'),
    code: CODE_PATTERN.test(values.code.trim()) ? null : t('rules.code'),
  };
  const field = (key: Key) => messages.field(key, rules);
  const set = (key: Key) => (_: unknown, d: { value: string }) => {
    setValues((v) => ({ ...v, [key]: key === 'code' ? d.value.replace(/\D/g, '') : d.value }));
    messages.edited(key);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (rules.email || rules.code) return;
    setFormError(null);
    const email = values.email.trim();
    try {
      await confirm.mutateAsync({ email, code: values.code.trim() });
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_CODE') messages.setServerErrors({ code: t('errors:INVALID_CODE') });
      else if (code === 'EMAIL_DOMAIN_UNAUTHORIZED')
        messages.setServerErrors({ email: t('errors:EMAIL_DOMAIN_UNAUTHORIZED') });
      else setFormError(errorMessage(error));
      return;
    }
    // The server ended every session of the account; this browser's may be one of them.
    await signOut().catch(() => undefined);
    navigate('/login', {
      replace: true,
      state: { email, notice: t('confirmEmail.changed') } satisfies AuthHandOver,
    });
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('confirmEmail.formLabel')}>
      {formError ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{formError}</MessageBarBody>
        </MessageBar>
      ) : null}
      <Field label={t('fields.newWorkEmail')} required {...field('email')}>
        <Input
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          onChange={set('email')}
          onBlur={messages.touch('email')}
        />
      </Field>
      <Field label={t('fields.codeFromEmail')} required {...field('code')}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={values.code}
          onChange={set('code')}
          onBlur={messages.touch('code')}
        />
      </Field>
      <Button
        type="submit"
        appearance="primary"
        size="large"
        disabled={confirm.isPending}
        icon={confirm.isPending ? <Spinner size="tiny" /> : undefined}
      >
        {t('confirmEmail.submit')}
      </Button>
      <Text className={styles.footer}>
        <AppLink to="/login">{t('confirmEmail.backToSignIn')}</AppLink>
      </Text>
    </form>
  );
}
