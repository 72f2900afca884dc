/** Add or edit a role: name, description, the default flag (always exactly one default) and its grants. */
import { Field, Input, makeStyles, Switch, Text, Textarea, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { Role } from '../../../../shared/contracts/people';
import type { ActivityKey, PermissionName } from '../../../../shared/permissions';
import { useSaveRole } from '../../api/hooks/people';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useFormFailure } from '../../components/form-fields';
import { usePermissions } from '../../api/hooks/me';
import { ActivityPicker, PermissionPicker } from './PermissionPicker';
import { useTranslation } from '../../i18n';

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
  const { t } = useTranslation(['people', 'errors']);
  const form = useFormStyles();
  const mine = usePermissions();
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isDefault, setIsDefault] = useState(role?.isDefault ?? false);
  const [permissions, setPermissions] = useState<Set<PermissionName>>(() => new Set(role?.permissions ?? []));
  const [activities, setActivities] = useState<Set<ActivityKey>>(() => new Set(role?.activities ?? []));
  const failure = useFormFailure<'name'>({
    fallback: role ? t('errors:ROLE_UPDATE_FAILED') : t('errors:ROLE_ADD_FAILED'),
  });
  const { messages } = failure;

  const nameRule = name.trim()
    ? name.trim().length > 60
      ? t('roleDialog.nameTooLong')
      : null
    : t('roleDialog.enterName');
  const ruleErrors = { name: nameRule ?? undefined };

  const save = useSaveRole();
  const submit = () => {
    messages.submitted();
    if (nameRule) return;
    failure.start();
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      permissions: [...permissions],
      activities: [...activities],
      // Only ever sent as true: the default moves by making another role the default.
      ...(isDefault && !role?.isDefault ? { isDefault: true } : {}),
    };
    save.mutate(role ? { id: role.id, changes: body } : { body }, { onSuccess: onClose, onError: failure.onError });
  };

  const defaultHint = role?.isDefault
    ? t('roleDialog.isDefaultHint')
    : isDefault && currentDefault
      ? t('roleDialog.replacesDefaultHint', { name: currentDefault.name })
      : t('roleDialog.defaultHint');

  return (
    <FormDialog
      title={role ? t('roleDialog.editTitle', { name: role.name }) : t('roleDialog.addTitle')}
      formLabel={role ? t('roleDialog.editLabel') : t('roleDialog.addTitle')}
      size="full"
      contentClassName={styles.scroll}
      error={failure.banner}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={role ? t('roleDialog.submitEdit') : t('roleDialog.submitAdd')}
      pending={save.isPending}
    >
      <div className={form.grid}>
        <Field label={t('roleDialog.name')} required {...messages.field('name', ruleErrors)}>
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
        <Field label={t('roleDialog.defaultRole')} hint={defaultHint}>
          <Switch
            checked={isDefault}
            disabled={role?.isDefault === true}
            label={isDefault ? t('roleDialog.isDefault') : t('roleDialog.notDefault')}
            onChange={(_, d) => setIsDefault(d.checked)}
          />
        </Field>
      </div>
      <Field label={t('roleDialog.description')}>
        <Textarea value={description} maxLength={500} resize="vertical" onChange={(_, d) => setDescription(d.value)} />
      </Field>
      <div className={styles.section}>
        <Text weight="semibold" size={400} block>
          {t('roleDialog.permissions')}
        </Text>
        <Text size={200} className={styles.muted} block>
          {t('roleDialog.permissionsSelected', { count: permissions.size })}
        </Text>
      </div>
      <PermissionPicker selected={permissions} grantable={mine} onChange={setPermissions} />
      <div className={styles.section}>
        <Text weight="semibold" size={400} block>
          {t('roleDialog.activities')}
        </Text>
        <Text size={200} className={styles.muted} block>
          {t('roleDialog.activitiesHint')}
        </Text>
      </div>
      <ActivityPicker selected={activities} onChange={setActivities} />
    </FormDialog>
  );
}
