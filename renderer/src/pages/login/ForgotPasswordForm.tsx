/** Forgotten password: the e-mail gets a 6-digit code, then code and new password set it. */
import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, isStrongPassword } from '../../../../shared/credentials';
import { errorCode, errorMessage } from '../../api/errors';
import { useResetPassword, useSendPasswordResetCode } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import { NewPasswordFields } from '../../components/PasswordFields';
import { TextField } from '../../components/TextField';
import type { AuthHandOver } from './AuthPage';
import { CodeField, FormError, SubmitButton } from './AuthFields';
import { CODE_PATTERN, useAuthForm } from './formState';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';

export function ForgotPasswordForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const form = useAuthForm({ email: handOver.email ?? '', code: '', password: '', confirmPassword: '' });
  const { values } = form;
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const sendResetCode = useSendPasswordResetCode();
  const resetPassword = useResetPassword();
  const email = values.email.trim();

  const rules = {
    email: EMAIL_PATTERN.test(email) ? null : t('rules.invalidEmail'),
    code: CODE_PATTERN.test(values.code.trim()) ? null : t('rules.code'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
  };

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    return form.attempt(
      [rules.email],
      async () => {
        const sent = await sendResetCode.mutateAsync(email);
        form.setInfo(t('forgotPassword.codeSent', { minutes: sent.expiresInMinutes }));
        form.messages.reset();
        setStep('reset');
      },
      (error) => {
        const code = errorCode(error);
        if (code === 'USER_NOT_FOUND') form.messages.setServerErrors({ email: t('errors:USER_NOT_FOUND') });
        else if (code === 'EMAIL_DOMAIN_UNAUTHORIZED')
          form.messages.setServerErrors({ email: t('errors:EMAIL_DOMAIN_UNAUTHORIZED') });
        else form.setFormError(errorMessage(error));
      },
    );
  };

  const reset = (event: FormEvent) => {
    event.preventDefault();
    return form.attempt(
      [rules.code, rules.password, rules.confirmPassword],
      async () => {
        await resetPassword.mutateAsync({ ...values, email, code: values.code.trim() });
        navigate('/login', {
          replace: true,
          state: { email, notice: t('forgotPassword.changed') } satisfies AuthHandOver,
        });
      },
      (error) =>
        form.setFormError(
          errorCode(error) === 'INVALID_CODE'
            ? t('errors:INVALID_CODE')
            : errorMessage(error, t('errors:PASSWORD_UPDATE_FAILED')),
        ),
    );
  };

  const submitLabel = step === 'email' ? t('forgotPassword.sendCode') : t('forgotPassword.setNewPassword');

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void (step === 'email' ? sendCode(e) : reset(e))}
      noValidate
      aria-label={t('forgotPassword.formLabel')}
    >
      {form.info && step === 'reset' ? (
        <MessageBar intent="info">
          <MessageBarBody>{form.info}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormError message={form.formError} />
      <TextField
        form={form}
        rules={rules}
        name="email"
        label={t('fields.workEmail')}
        required
        type="email"
        autoComplete="username"
        autoFocus={step === 'email'}
        readOnly={step === 'reset'}
      />
      {step === 'reset' ? (
        <>
          <CodeField form={form} rules={rules} label={t('fields.codeFromEmail')} autoFocus />
          <NewPasswordFields
            form={form}
            rules={rules}
            labels={{ password: t('fields.newPassword'), confirmPassword: t('fields.confirmNewPassword') }}
          />
        </>
      ) : null}
      <SubmitButton busy={form.busy}>{submitLabel}</SubmitButton>
      {step === 'reset' ? (
        <Button appearance="subtle" onClick={() => void sendCode()}>
          {t('forgotPassword.sendNewCode')}
        </Button>
      ) : null}
      <Text className={styles.footer}>
        {t('forgotPassword.remembered')}{' '}
        <AppLink to="/login" state={{ email } satisfies AuthHandOver}>
          {t('forgotPassword.backToSignIn')}
        </AppLink>
      </Text>
    </form>
  );
}
