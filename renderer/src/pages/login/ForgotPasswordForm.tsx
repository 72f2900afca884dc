/** Forgotten password: the e-mail gets a 6-digit code, then code and new password set it. */
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, isStrongPassword } from '../../../../shared/credentials';
import { errorCode, errorMessage } from '../../api/errors';
import { useResetPassword, useSendPasswordResetCode } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import type { AuthHandOver } from './AuthPage';
import { NewPasswordFields } from '../../components/PasswordFields';
import { FormError, SubmitButton } from './AuthFields';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';
import { useFieldMessages } from '../../components/form-fields';
import { CODE_PATTERN } from './formState';

type Key = 'email' | 'code' | 'password' | 'confirmPassword';

export function ForgotPasswordForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: handOver.email ?? '', code: '', password: '', confirmPassword: '' });
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messages = useFieldMessages<Key>();
  const sendResetCode = useSendPasswordResetCode();
  const resetPassword = useResetPassword();

  const rules: Record<Key, string | null> = {
    email: EMAIL_PATTERN.test(values.email.trim()) ? null : t('rules.invalidEmail'),
    code: CODE_PATTERN.test(values.code.trim()) ? null : t('rules.code'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
  };
  const field = (key: Key) => messages.field(key, rules);
  const set = (key: Key) => (_: unknown, d: { value: string }) => {
    setValues((v) => ({ ...v, [key]: key === 'code' ? d.value.replace(/\D/g, '') : d.value }));
    messages.edited(key);
  };

  const sendCode = async (event?: FormEvent) => {
    event?.preventDefault();
    messages.submitted();
    if (rules.email) return;
    setBusy(true);
    setFormError(null);
    try {
      const sent = await sendResetCode.mutateAsync(values.email.trim());
      setInfo(t('forgotPassword.codeSent', { minutes: sent.expiresInMinutes }));
      messages.reset();
      setStep('reset');
    } catch (error) {
      const code = errorCode(error);
      if (code === 'USER_NOT_FOUND') messages.setServerErrors({ email: t('errors:USER_NOT_FOUND') });
      else if (code === 'EMAIL_DOMAIN_UNAUTHORIZED')
        messages.setServerErrors({ email: t('errors:EMAIL_DOMAIN_UNAUTHORIZED') });
      else setFormError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const reset = async (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (rules.code || rules.password || rules.confirmPassword) return;
    setBusy(true);
    setFormError(null);
    try {
      await resetPassword.mutateAsync({ ...values, email: values.email.trim(), code: values.code.trim() });
      navigate('/login', {
        replace: true,
        state: {
          email: values.email.trim(),
          notice: t('forgotPassword.changed'),
        } satisfies AuthHandOver,
      });
    } catch (error) {
      setFormError(
        errorCode(error) === 'INVALID_CODE'
          ? t('errors:INVALID_CODE')
          : errorMessage(error, t('errors:PASSWORD_UPDATE_FAILED')),
      );
      setBusy(false);
    }
  };

  const banners = (
    <>
      {info && step === 'reset' ? (
        <MessageBar intent="info">
          <MessageBarBody>{info}</MessageBarBody>
        </MessageBar>
      ) : null}
      <FormError message={formError} />
    </>
  );
  const submitLabel = step === 'email' ? t('forgotPassword.sendCode') : t('forgotPassword.setNewPassword');

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void (step === 'email' ? sendCode(e) : reset(e))}
      noValidate
      aria-label={t('forgotPassword.formLabel')}
    >
      {banners}
      <Field label={t('fields.workEmail')} required {...field('email')}>
        <Input
          type="email"
          autoComplete="username"
          autoFocus={step === 'email'}
          readOnly={step === 'reset'}
          value={values.email}
          onChange={set('email')}
          onBlur={messages.touch('email')}
        />
      </Field>
      {step === 'reset' ? (
        <>
          <Field label={t('fields.codeFromEmail')} required {...field('code')}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              autoFocus
              value={values.code}
              onChange={set('code')}
              onBlur={messages.touch('code')}
            />
          </Field>
          <NewPasswordFields
            labels={{ password: t('fields.newPassword'), confirmPassword: t('fields.confirmNewPassword') }}
            values={values}
            field={field}
            onChange={set}
            onBlur={messages.touch}
          />
        </>
      ) : null}
      <SubmitButton busy={busy}>{submitLabel}</SubmitButton>
      {step === 'reset' ? (
        <Button appearance="subtle" onClick={() => void sendCode()}>
          {t('forgotPassword.sendNewCode')}
        </Button>
      ) : null}
      <Text className={styles.footer}>
        {t('forgotPassword.remembered')}{' '}
        <AppLink to="/login" state={{ email: values.email.trim() } satisfies AuthHandOver}>
          {t('forgotPassword.backToSignIn')}
        </AppLink>
      </Text>
    </form>
  );
}
