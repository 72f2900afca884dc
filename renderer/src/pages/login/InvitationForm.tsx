/**
 * The invitation's page (/invitation#token=…): an employee an administrator added sets their first password
 * here, with the shared password rules, and then signs in. The token is in the address's fragment, so it is
 * never sent with the page's own request. A link that is unknown, replaced, used or expired says so before
 * anything is typed (docs/security.md, "Invitations").
 */
import { MessageBar, MessageBarBody, Spinner, Text } from '@fluentui/react-components';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Invitation } from '../../../../shared/contracts/auth';
import { isStrongPassword } from '../../../../shared/credentials';
import { errorMessage } from '../../api/errors';
import { useAcceptInvitation, useCheckInvitation } from '../../api/hooks/auth';
import { AppLink } from '../../components/AppLink';
import { NewPasswordFields } from '../../components/PasswordFields';
import { TextField } from '../../components/TextField';
import { useFormat, useTranslation } from '../../i18n';
import type { AuthHandOver } from './AuthPage';
import { FormError, SubmitButton } from './AuthFields';
import { useAuthForm } from './formState';
import { useFormStyles } from './formStyles';

export function InvitationForm() {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const format = useFormat();
  const navigate = useNavigate();
  const token = new URLSearchParams(useLocation().hash.replace(/^#/, '')).get('token') ?? '';
  const check = useCheckInvitation();
  const accept = useAcceptInvitation();
  const [invitation, setInvitation] = useState<Invitation | null>(null);
  const [refused, setRefused] = useState<string | null>(null);
  const form = useAuthForm({ email: '', password: '', confirmPassword: '' });
  const { values } = form;
  const { mutateAsync: checkToken } = check;

  useEffect(() => {
    let current = true;
    checkToken(token).then(
      (found) => {
        if (!current) return;
        setInvitation(found);
        form.reset({ email: found.email, password: '', confirmPassword: '' });
      },
      (error: unknown) => {
        if (current) setRefused(errorMessage(error, t('errors:INVITATION_INVALID')));
      },
    );
    return () => {
      current = false;
    };
    // Checked once per link; the form's setters are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token, checkToken]);

  const rules = {
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    return form.attempt(
      [rules.password, rules.confirmPassword],
      async () => {
        const { email } = await accept.mutateAsync({
          token,
          password: values.password,
          confirmPassword: values.confirmPassword,
        });
        navigate('/login', { replace: true, state: { email, notice: t('invitation.done') } satisfies AuthHandOver });
      },
      (error) => form.setFormError(errorMessage(error, t('errors:PASSWORD_UPDATE_FAILED'))),
    );
  };

  const backToSignIn = (
    <Text className={styles.footer}>
      <AppLink to="/login">{t('invitation.backToSignIn')}</AppLink>
    </Text>
  );

  if (refused !== null) {
    return (
      <div className={styles.form}>
        <MessageBar intent="error">
          <MessageBarBody>{refused}</MessageBarBody>
        </MessageBar>
        {backToSignIn}
      </div>
    );
  }
  if (!invitation) return <Spinner label={t('invitation.checking')} />;

  return (
    <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate aria-label={t('invitation.formLabel')}>
      <MessageBar intent="info">
        <MessageBarBody>
          {t('invitation.welcome', {
            name: invitation.name,
            company: invitation.company,
            date: format.instant(invitation.expiresAt),
          })}
        </MessageBarBody>
      </MessageBar>
      <FormError message={form.formError} />
      <TextField form={form} rules={{}} name="email" label={t('fields.workEmail')} autoComplete="username" readOnly />
      <NewPasswordFields
        form={form}
        rules={rules}
        labels={{ password: t('fields.newPassword'), confirmPassword: t('fields.confirmNewPassword') }}
      />
      <SubmitButton busy={form.busy}>{t('invitation.submit')}</SubmitButton>
      {backToSignIn}
    </form>
  );
}
