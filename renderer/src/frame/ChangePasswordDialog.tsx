/** Change one's password: the shared rule shown live; other sessions are signed out by the server. */
import { Field } from '@fluentui/react-components';
import { useState } from 'react';
import { isStrongPassword } from '../../../shared/credentials';
import { useChangePassword } from '../api/hooks/auth';
import { errorCode, errorMessage } from '../api/errors';
import { FormDialog } from '../components/FormDialog';
import { useFieldMessages } from '../components/form-fields';
import { NewPasswordFields, PasswordInput } from '../components/PasswordFields';
import { useTranslation } from '../i18n';

type Key = 'currentPassword' | 'password' | 'confirmPassword';
const EMPTY: Record<Key, string> = { currentPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['frame', 'errors']);
  const changePassword = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const messages = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);

  const rules: Record<Key, string | null> = {
    currentPassword: values.currentPassword ? null : t('changePassword.enterCurrent'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
  };
  const field = (key: Key) => messages.field(key, rules);
  const input = (key: Key) => ({
    value: values[key],
    onChange: (_: unknown, d: { value: string }) => setValues((v) => ({ ...v, [key]: d.value })),
    onBlur: messages.touch(key),
  });

  const close = () => {
    setValues(EMPTY);
    messages.reset();
    setFormError(null);
    onClose();
  };

  const submit = () => {
    messages.submitted();
    if (rules.currentPassword || rules.password || rules.confirmPassword) return;
    setFormError(null);
    changePassword.mutate(values, {
      onSuccess: close,
      onError: (error) =>
        setFormError(
          errorCode(error) === 'CURRENT_PASSWORD_INCORRECT'
            ? t('errors:CURRENT_PASSWORD_INCORRECT')
            : errorMessage(error, t('errors:PASSWORD_UPDATE_FAILED')),
        ),
    });
  };

  return (
    <FormDialog
      open={open}
      title={t('changePassword.title')}
      error={formError}
      onSubmit={submit}
      onClose={close}
      submitLabel={t('changePassword.submit')}
      pending={changePassword.isPending}
    >
      <Field label={t('changePassword.current')} required {...field('currentPassword')}>
        <PasswordInput autoComplete="current-password" {...input('currentPassword')} />
      </Field>
      <NewPasswordFields
        labels={{ password: t('changePassword.new'), confirmPassword: t('changePassword.confirm') }}
        values={values}
        field={field}
        onChange={(key) => input(key).onChange}
        onBlur={messages.touch}
      />
    </FormDialog>
  );
}
