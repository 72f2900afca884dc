/**
 * Confirms a changed e-mail address: an administrator changed it, and the code went to the new address.
 * The address changes and every session of the account ends, so this page signs the browser out too and
 * hands the new address to the sign-in page (docs/security.md, "E-mail change").
 */
import { Text } from '@fluentui/react-components';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN } from '../../../../shared/credentials';
import { errorCode, errorMessage } from '../../api/errors';
import { useConfirmEmailChange } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import { TextField } from '../../components/TextField';
import { useSessionActions } from '../../session/SessionProvider';
import type { AuthHandOver } from './AuthPage';
import { CodeField, FormError, SubmitButton } from './AuthFields';
import { CODE_PATTERN, useAuthForm } from './formState';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';

export function ConfirmEmailForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const { signOut } = useSessionActions();
  const confirm = useConfirmEmailChange();
  const form = useAuthForm({ email: handOver.email ?? '', code: '' });
  const { values } = form;

  const rules = {
    email: EMAIL_PATTERN.test(values.email.trim()) ? null : t('rules.invalidEmail'),
    code: CODE_PATTERN.test(values.code.trim()) ? null : t('rules.code'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const email = values.email.trim();
    return form.attempt(
      [rules.email, rules.code],
      async () => {
        await confirm.mutateAsync({ email, code: values.code.trim() });
        // The server ended every session of the account; this browser's may be one of them.
        await signOut().catch(() => undefined);
        navigate('/login', {
          replace: true,
          state: { email, notice: t('confirmEmail.changed') } satisfies AuthHandOver,
        });
      },
      (error) => {
        const code = errorCode(error);
        if (code === 'INVALID_CODE') form.messages.setServerErrors({ code: t('errors:INVALID_CODE') });
        else if (code === 'EMAIL_DOMAIN_UNAUTHORIZED')
          form.messages.setServerErrors({ email: t('errors:EMAIL_DOMAIN_UNAUTHORIZED') });
        else form.setFormError(errorMessage(error));
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('confirmEmail.formLabel')}>
      <FormError message={form.formError} />
      <TextField
        form={form}
        rules={rules}
        name="email"
        label={t('fields.newWorkEmail')}
        required
        type="email"
        autoComplete="username"
        autoFocus
      />
      <CodeField form={form} rules={rules} label={t('fields.codeFromEmail')} />
      <SubmitButton busy={form.busy}>{t('confirmEmail.submit')}</SubmitButton>
      <Text className={styles.footer}>
        <AppLink to="/login">{t('confirmEmail.backToSignIn')}</AppLink>
      </Text>
    </form>
  );
}
