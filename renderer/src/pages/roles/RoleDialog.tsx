/** Add or edit a role: name, description, the default flag (always exactly one default) and its grants. */
import { Field, Input, makeStyles, Switch, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Role } from '../../../../shared/contracts/people';
import { MESSAGES } from '../../../../shared/messages';
import type { ActivityKey, PermissionName } from '../../../../shared/permissions';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveRole } from '../../api/hooks/people';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useFieldMessages } from '../../components/form-fields';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { ActivityPicker, PermissionPicker } from './PermissionPicker';

const useStyles = makeStyles({
  scroll: { maxHeight: '70vh', overflowY: 'auto' },
  section: { marginTop: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function RoleDialog({
  role,
  currentDefault,
  onClose,
}: {
  role: Role | null;
  currentDefault: Role | null;
  onClose: () => void;
}) {
  const styles = useStyles();
  const form = useFormStyles();
  const notify = useNotify();
  const mine = usePermissions();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setIsDefault] = useState(role?.isDefault ?? false);
  const [permissions, setPermissions] = useState<Set<PermissionName>>(() => new Set(role?.permissions ?? []));
  const [activities, setActivities] = useState<Set<ActivityKey>>(() => new Set(role?.activities ?? []));
  const messages = useFieldMessages<'name'>();
  const [formError, setFormError] = useState<string | null>(null);
  const failed = role ? MESSAGES.ROLE_UPDATE_FAILED : MESSAGES.ROLE_ADD_FAILED;

  const nameRule = name.trim() ? (name.trim().length > 60 ? 'At most 60 characters' : null) : 'Enter a role name';
  const ruleErrors = { name: nameRule ?? undefined };

  const save = useSaveRole();
  const onSaveError = (error: unknown) => {
    messages.setServerErrors(fieldErrors(error));
    setFormError(errorMessage(error, failed));
    notify.error(failed, errorMessage(error, failed));
  };

  const submit = () => {
    messages.submitted();
    if (nameRule) return;
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      permissions: [...permissions],
      activities: [...activities],
      // Only ever sent as true: the default moves by making another role the default.
      ...(isDefault && !role?.isDefault ? { isDefault: true } : {}),
    };
    save.mutate(role ? { id: role.id, changes: body } : { body }, { onSuccess: onClose, onError: onSaveError });
  };

  const defaultHint = role?.isDefault
    ? 'This is the default role. To change that, make another role the default.'
    : isDefault && currentDefault
      ? `${currentDefault.name} will stop being the default role.`
      : 'New employees without a chosen role get the default role.';

  return (
    <FormDialog
      title={role ? `Edit ${role.name}` : 'Add role'}
      formLabel={role ? 'Edit role' : 'Add role'}
      size="full"
      contentClassName={styles.scroll}
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={role ? 'Save changes' : 'Add role'}
      pending={save.isPending}
    >
      <div className={form.grid}>
        <Field label="Role name" required {...messages.field('name', ruleErrors)}>
          <Input
            value={name}
            autoFocus
            maxLength={60}
            onChange={(_, d) => {
              setName(d.value);
              messages.setServerErrors({});
            }}
            onBlur={messages.touch('name')}
          />
        </Field>
        <Field label="Default role" hint={defaultHint}>
          <Switch
            checked={isDefault}
            disabled={role?.isDefault === true}
            label={isDefault ? 'Default for new employees' : 'Not the default'}
            onChange={(_, d) => setIsDefault(d.checked)}
          />
        </Field>
      </div>
      <Field label="Description">
        <Textarea value={description} maxLength={500} resize="vertical" onChange={(_, d) => setDescription(d.value)} />
      </Field>
      <div className={styles.section}>
        <Text weight="semibold" size={400} block>
          Permissions
        </Text>
        <Text size={200} className={styles.muted} block>
          {permissions.size} selected. You can grant only permissions you hold yourself.
        </Text>
      </div>
      <PermissionPicker selected={permissions} grantable={mine} onChange={setPermissions} />
      <div className={styles.section}>
        <Text weight="semibold" size={400} block>
          Activities
        </Text>
        <Text size={200} className={styles.muted} block>
          Quick actions and dashboard cards this role sees.
        </Text>
      </div>
      <ActivityPicker selected={activities} onChange={setActivities} />
    </FormDialog>
  );
}
