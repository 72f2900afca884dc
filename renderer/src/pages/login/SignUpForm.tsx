/** Sign-up with the company e-mail, then the 6-digit code e-mailed to confirm it. */
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, isStrongPassword } from '../../../../shared/credentials';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useConfirmSignUp, useResendSignUpCode, useSignUp } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import type { AuthHandOver } from './AuthPage';
import { NewPasswordFields } from '../../components/PasswordFields';
import { FormError, SubmitButton } from './AuthFields';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';
import { useFieldMessages } from '../../components/form-fields';
import { CODE_PATTERN } from './formState';

type Key = 'email' | 'name' | 'password' | 'confirmPassword' | 'code';

export function SignUpForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const [values, setValues] = useState({ email: handOver.email ?? '', name: '', password: '', confirmPassword: '' });
  const [code, setCode] = useState('');
  const [step, setStep] = useState<'details' | 'code'>('details');
  const [formError, setFormError] = useState<string | null>(null);
  const [info, setInfo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const messages = useFieldMessages<Key>();
  const signUp = useSignUp();
  const confirmSignUp = useConfirmSignUp();
  const resendSignUpCode = useResendSignUpCode();

  const rules: Record<Key, string | null> = {
    email: EMAIL_PATTERN.test(values.email.trim()) ? null : t('rules.invalidEmail'),
    name: values.name.trim() ? null : t('rules.enterName'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
    code: CODE_PATTERN.test(code.trim()) ? null : t('rules.code'),
  };
  const field = (key: Key) => messages.field(key, rules);
  const set = (key: keyof typeof values) => (_: unknown, d: { value: string }) => {
    setValues((v) => ({ ...v, [key]: d.value }));
    messages.edited(key);
  };

  const submitDetails = async (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (rules.email || rules.name || rules.password || rules.confirmPassword) return;
    setBusy(true);
    setFormError(null);
    try {
      const sent = await signUp.mutateAsync({
        ...values,
        email: values.email.trim(),
        name: values.name.trim(),
      });
      setInfo(t('signUp.codeSent', { email: values.email.trim(), minutes: sent.expiresInMinutes }));
      messages.reset();
      setStep('code');
    } catch (error) {
      const fields = fieldErrors(error);
      messages.setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
      else setFormError(t('errors:VALIDATION'));
    } finally {
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (rules.code) return;
    setBusy(true);
    setFormError(null);
    try {
      await confirmSignUp.mutateAsync({ email: values.email.trim(), code: code.trim() });
      navigate('/login', {
        replace: true,
        state: {
          email: values.email.trim(),
          notice: t('signUp.confirmed'),
        } satisfies AuthHandOver,
      });
    } catch (error) {
      setFormError(errorMessage(error));
      setBusy(false);
    }
  };

  const resend = async () => {
    setFormError(null);
    try {
      const sent = await resendSignUpCode.mutateAsync(values.email.trim());
      setInfo(t('signUp.newCodeSent', { minutes: sent.expiresInMinutes }));
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const error = <FormError message={formError} />;

  if (step === 'code') {
    return (
      <form
        className={styles.form}
        onSubmit={(e) => void submitCode(e)}
        noValidate
        aria-label={t('signUp.codeFormLabel')}
      >
        {info ? (
          <MessageBar intent="info">
            <MessageBarBody>{info}</MessageBarBody>
          </MessageBar>
        ) : null}
        {error}
        <Field label={t('fields.confirmationCode')} required {...field('code')}>
          <Input
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            autoFocus
            size="large"
            value={code}
            onChange={(_, d) => setCode(d.value.replace(/\D/g, ''))}
            onBlur={messages.touch('code')}
          />
        </Field>
        <SubmitButton busy={busy}>{t('signUp.confirmAndContinue')}</SubmitButton>
        <div className={styles.row}>
          <Button appearance="subtle" onClick={() => void resend()}>
            {t('signUp.sendNewCode')}
          </Button>
          <Button appearance="subtle" onClick={() => setStep('details')}>
            {t('signUp.changeDetails')}
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submitDetails(e)} noValidate aria-label={t('signUp.formLabel')}>
      {error}
      <Field label={t('fields.workEmail')} required {...field('email')}>
        <Input
          type="email"
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={set('email')}
          onBlur={messages.touch('email')}
        />
      </Field>
      <Field label={t('fields.fullName')} required {...field('name')}>
        <Input autoComplete="name" value={values.name} onChange={set('name')} onBlur={messages.touch('name')} />
      </Field>
      <NewPasswordFields
        labels={{ password: t('fields.password'), confirmPassword: t('fields.confirmPassword') }}
        values={values}
        field={field}
        onChange={set}
        onBlur={messages.touch}
      />
      <SubmitButton busy={busy}>{t('signUp.submit')}</SubmitButton>
      <Text className={styles.footer}>
        {t('signUp.haveAccount')}{' '}
        <AppLink to="/login" state={{ email: values.email.trim() } satisfies AuthHandOver}>
          {t('signUp.signIn')}
        </AppLink>
      </Text>
    </form>
  );
}
