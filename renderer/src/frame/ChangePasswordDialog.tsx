/** Change one's password: the shared rule shown live; other sessions are signed out by the server. */
import { isStrongPassword } from '../../../shared/credentials';
import { useChangePassword } from '../api/hooks/auth';
import { errorCode, errorMessage } from '../api/errors';
import { FormDialog } from '../components/FormDialog';
import { useFormState } from '../components/form-fields';
import { NewPasswordFields, PasswordInput } from '../components/PasswordFields';
import { TextField } from '../components/TextField';
import { useTranslation } from '../i18n';

const EMPTY = { currentPassword: '', password: '', confirmPassword: '' };

export function ChangePasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['auth', 'errors']);
  const changePassword = useChangePassword();
  const form = useFormState(() => EMPTY);
  const { values } = form;

  const rules = {
    currentPassword: values.currentPassword ? null : t('rules.enterCurrentPassword'),
    password: isStrongPassword(values.password) ? null : t('errors:WEAK_PASSWORD'),
    confirmPassword: values.confirmPassword === values.password ? null : t('errors:PASSWORDS_DO_NOT_MATCH'),
  };

  const close = () => {
    form.reset(EMPTY);
    onClose();
  };

  const submit = () => {
    form.messages.submitted();
    if (rules.currentPassword || rules.password || rules.confirmPassword) return;
    form.setFormError(null);
    changePassword.mutate(values, {
      onSuccess: close,
      onError: (error) =>
        form.setFormError(
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
      error={form.formError}
      onSubmit={submit}
      onClose={close}
      submitLabel={t('changePassword.submit')}
      pending={changePassword.isPending}
    >
      <TextField
        form={form}
        rules={rules}
        name="currentPassword"
        label={t('fields.currentPassword')}
        required
        control={PasswordInput}
        autoComplete="current-password"
      />
      <NewPasswordFields
        labels={{ password: t('fields.newPassword'), confirmPassword: t('fields.confirmNewPassword') }}
        form={form}
        rules={rules}
      />
    </FormDialog>
  );
}
