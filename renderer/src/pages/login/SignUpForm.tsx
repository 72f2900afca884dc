/** Sign-up with the company e-mail, then the 6-digit code e-mailed to confirm it. */
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../../../shared/messages';
import { EMAIL_PATTERN, isStrongPassword } from '../../../../shared/credentials';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useConfirmSignUp, useResendSignUpCode, useSignUp } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import type { AuthHandOver } from './AuthPage';
import { NewPasswordFields } from '../../components/PasswordFields';
import { FormError, SubmitButton } from './AuthFields';
import { useFormStyles } from './formStyles';
import { INVALID_EMAIL } from './SignInForm';
import { useFieldMessages } from '../../components/form-fields';
import { CODE_MESSAGE, CODE_PATTERN } from './formState';

type Key = 'email' | 'name' | 'password' | 'confirmPassword' | 'code';

export function SignUpForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
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
    email: EMAIL_PATTERN.test(values.email.trim()) ? null : INVALID_EMAIL,
    name: values.name.trim() ? null : 'Enter your name',
    password: isStrongPassword(values.password) ? null : MESSAGES.WEAK_PASSWORD,
    confirmPassword: values.confirmPassword === values.password ? null : MESSAGES.PASSWORDS_DO_NOT_MATCH,
    code: CODE_PATTERN.test(code.trim()) ? null : CODE_MESSAGE,
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
      setInfo(
        `We sent an e-mail to ${values.email.trim()}. Enter the 6-digit code from it; it expires in ${sent.expiresInMinutes} minutes.`,
      );
      messages.reset();
      setStep('code');
    } catch (error) {
      const fields = fieldErrors(error);
      messages.setServerErrors(fields);
      if (Object.keys(fields).length === 0) setFormError(errorMessage(error));
      else setFormError(MESSAGES.VALIDATION);
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
          notice: 'Your account is confirmed. Sign in to continue.',
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
      setInfo(`We sent a new code. It expires in ${sent.expiresInMinutes} minutes.`);
    } catch (error) {
      setFormError(errorMessage(error));
    }
  };

  const error = <FormError message={formError} />;

  if (step === 'code') {
    return (
      <form className={styles.form} onSubmit={(e) => void submitCode(e)} noValidate aria-label="Confirm your e-mail">
        {info ? (
          <MessageBar intent="info">
            <MessageBarBody>{info}</MessageBarBody>
          </MessageBar>
        ) : null}
        {error}
        <Field label="Confirmation code" required {...field('code')}>
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
        <SubmitButton busy={busy}>Confirm and continue</SubmitButton>
        <div className={styles.row}>
          <Button appearance="subtle" onClick={() => void resend()}>
            Send a new code
          </Button>
          <Button appearance="subtle" onClick={() => setStep('details')}>
            Change details
          </Button>
        </div>
      </form>
    );
  }

  return (
    <form className={styles.form} onSubmit={(e) => void submitDetails(e)} noValidate aria-label="Create your account">
      {error}
      <Field label="Work e-mail" required {...field('email')}>
        <Input
          type="email"
          autoComplete="email"
          autoFocus
          value={values.email}
          onChange={set('email')}
          onBlur={messages.touch('email')}
        />
      </Field>
      <Field label="Full name" required {...field('name')}>
        <Input autoComplete="name" value={values.name} onChange={set('name')} onBlur={messages.touch('name')} />
      </Field>
      <NewPasswordFields
        labels={{ password: 'Password', confirmPassword: 'Confirm password' }}
        values={values}
        field={field}
        onChange={set}
        onBlur={messages.touch}
      />
      <SubmitButton busy={busy}>Create account</SubmitButton>
      <Text className={styles.footer}>
        Already have an account?{' '}
        <AppLink to="/login" state={{ email: values.email.trim() } satisfies AuthHandOver}>
          Sign in
        </AppLink>
      </Text>
    </form>
  );
}
