/** Sign-up with the company e-mail, then the 6-digit code e-mailed to confirm it. */
import { Button, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { EMAIL_PATTERN, isStrongPassword } from '../../../../shared/credentials';
import { errorMessage } from '../../api/errors';
import { formFailure } from '../../components/form-fields';
import { useConfirmSignUp, useResendSignUpCode, useSignUp } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import { NewPasswordFields } from '../../components/PasswordFields';
import { TextField } from '../../components/TextField';
import type { AuthHandOver } from './AuthPage';
import { CodeField, FormError, SubmitButton } from './AuthFields';
import { CODE_PATTERN, useAuthForm } from './formState';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';

export function SignUpForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const form = useAuthForm({ email: handOver.email ?? '', name: '', password: '', confirmPassword: '', code: '' });
  const { values } = form;
  const [step, setStep] = useState<'details' | 'code'>('details');
  const signUp = useSignUp();
  const confirmSignUp = useConfirmSignUp();
  const resendSignUpCode = useResendSignUpCode();
  const email = values.email.trim();

  const rules = {
    email: EMAIL_PATTERN.test(email) ? null : t('rules.invalidEmail'),
    name: values.name.trim() ? null : t('rules.enterName'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
    code: CODE_PATTERN.test(values.code.trim()) ? null : t('rules.code'),
  };

  const submitDetails = (event: FormEvent) => {
    event.preventDefault();
    return form.attempt(
      [rules.email, rules.name, rules.password, rules.confirmPassword],
      async () => {
        const { password, confirmPassword } = values;
        const sent = await signUp.mutateAsync({ email, name: values.name.trim(), password, confirmPassword });
        form.setInfo(t('signUp.codeSent', { email, minutes: sent.expiresInMinutes }));
        form.messages.reset();
        setStep('code');
      },
      (error) => {
        const failure = formFailure(error);
        form.messages.setServerErrors(failure.fields);
        form.setFormError(failure.banner);
      },
    );
  };

  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    return form.attempt(
      [rules.code],
      async () => {
        await confirmSignUp.mutateAsync({ email, code: values.code.trim() });
        navigate('/login', { replace: true, state: { email, notice: t('signUp.confirmed') } satisfies AuthHandOver });
      },
      (error) => form.setFormError(errorMessage(error)),
    );
  };

  const resend = async () => {
    form.setFormError(null);
    try {
      const sent = await resendSignUpCode.mutateAsync(email);
      form.setInfo(t('signUp.newCodeSent', { minutes: sent.expiresInMinutes }));
    } catch (error) {
      form.setFormError(errorMessage(error));
    }
  };

  const error = <FormError message={form.formError} />;

  if (step === 'code') {
    return (
      <form
        className={styles.form}
        onSubmit={(e) => void submitCode(e)}
        noValidate
        aria-label={t('signUp.codeFormLabel')}
      >
        {form.info ? (
          <MessageBar intent="info">
            <MessageBarBody>{form.info}</MessageBarBody>
          </MessageBar>
        ) : null}
        {error}
        <CodeField form={form} rules={rules} label={t('fields.confirmationCode')} autoFocus size="large" />
        <SubmitButton busy={form.busy}>{t('signUp.confirmAndContinue')}</SubmitButton>
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

  const bound = { form, rules };
  return (
    <form className={styles.form} onSubmit={(e) => void submitDetails(e)} noValidate aria-label={t('signUp.formLabel')}>
      {error}
      <TextField
        {...bound}
        name="email"
        label={t('fields.workEmail')}
        required
        type="email"
        autoComplete="email"
        autoFocus
      />
      <TextField {...bound} name="name" label={t('fields.fullName')} required autoComplete="name" />
      <NewPasswordFields
        {...bound}
        labels={{ password: t('fields.password'), confirmPassword: t('fields.confirmPassword') }}
      />
      <SubmitButton busy={form.busy}>{t('signUp.submit')}</SubmitButton>
      <Text className={styles.footer}>
        {t('signUp.haveAccount')}{' '}
        <AppLink to="/login" state={{ email } satisfies AuthHandOver}>
          {t('signUp.signIn')}
        </AppLink>
      </Text>
    </form>
  );
}
