/** Add or edit an employee. The shared contract validates as the user types; the server has the last word. */
import { Dropdown, Field, Input, Option, SpinButton } from '@fluentui/react-components';
import { useState } from 'react';
import { createEmployeeBodySchema, type Employee } from '../../../../shared/contracts/people';
import { emailDomain } from '../../../../shared/credentials';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useAllRoles, useAllTeams, useSaveEmployee, useUploadEmployeeImage } from '../../api/hooks/people';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../../../shared/images';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useNotify } from '../../components/toasts';
import { useMe, usePermissions } from '../../api/hooks/me';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { useTranslation } from '../../i18n';

type Form = {
  name: string;
  email: string;
  employeeIdentificationNo: string;
  dateOfJoining: string;
  allocation: number;
  roleIds: number[];
  teamIds: number[];
};
type Key = keyof Form;

function toForm(employee: Employee | null): Form {
  return {
    name: employee?.name ?? '',
    email: employee?.email ?? '',
    employeeIdentificationNo: employee?.employeeIdentificationNo ?? '',
    dateOfJoining: employee?.dateOfJoining ?? '',
    allocation: employee?.allocation ?? 100,
    roleIds: employee?.roles.map((r) => r.id) ?? [],
    teamIds: employee?.teams.map((t) => t.id) ?? [],
  };
}

/** The bytes as base64, in slices (a spread of 2 MiB of arguments would overflow the stack). */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** A new employee without chosen roles gets the default role: the server does that when roleIds is absent. */
function toBody(form: Form, isNew: boolean) {
  return {
    name: form.name,
    email: form.email,
    employeeIdentificationNo: form.employeeIdentificationNo.trim() || null,
    dateOfJoining: form.dateOfJoining || null,
    allocation: form.allocation,
    roleIds: isNew && form.roleIds.length === 0 ? undefined : form.roleIds,
    teamIds: form.teamIds,
  };
}

export function EmployeeDialog({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['people', 'errors', 'common']);
  const notify = useNotify();
  const me = useMe();
  const permissions = usePermissions();
  const [form, setForm] = useState<Form>(() => toForm(employee));
  const fields = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);
  const roles = useAllRoles({ enabled: permissions.has('view-roles') });
  const teams = useAllTeams({ enabled: permissions.has('view-teams') });

  // The contract's own rules, plus the company-domain rule the server enforces.
  const parsed = createEmployeeBodySchema.safeParse(toBody(form, !employee));
  const ruleErrors = firstIssueByField(parsed);
  const domain = me?.tenant.emailDomain;
  if (!ruleErrors['email'] && domain && emailDomain(form.email) !== domain)
    ruleErrors['email'] = t('errors:EMAIL_OUTSIDE_DOMAIN');
  if (!form.name.trim()) ruleErrors['name'] = t('employeeDialog.enterName');

  const field = (key: Key) => fields.field(key, ruleErrors);
  const set = <K extends Key>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    fields.edited(key);
  };
  const touch = fields.touch;

  const save = useSaveEmployee();
  const onSaveError = (error: unknown) => {
    const byField = fieldErrors(error);
    fields.setServerErrors(byField);
    const failed = employee ? t('errors:EMPLOYEE_UPDATE_FAILED') : t('errors:EMPLOYEE_ADD_FAILED');
    setFormError(Object.keys(byField).length > 0 ? t('errors:VALIDATION') : errorMessage(error, failed));
    notify.error(failed, errorMessage(error, failed));
  };

  const submit = () => {
    fields.submitted();
    setFormError(null);
    if (Object.keys(ruleErrors).length > 0) {
      setFormError(t('errors:VALIDATION'));
      return;
    }
    const body = toBody(form, !employee);
    save.mutate(employee ? { id: employee.id, changes: body } : { body }, { onSuccess: onClose, onError: onSaveError });
  };

  // The picture is uploaded to Teambeat as soon as it is chosen (an existing employee only).
  const upload = useUploadEmployeeImage();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const shown = upload.data ?? employee;
  const pickPicture = async (file: File | undefined) => {
    setPictureError(null);
    if (!file || !employee) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const type = sniffImageType(bytes);
    if (!type) return setPictureError(t('employeeDialog.pictureType'));
    if (bytes.length > MAX_IMAGE_BYTES) return setPictureError(t('employeeDialog.pictureSize'));
    upload.mutate(
      { id: employee.id, body: { contentType: type, data: toBase64(bytes) } },
      { onError: (error) => setPictureError(errorMessage(error, t('toasts.pictureFailed'))) },
    );
  };

  const roleOptions = roles.data ?? employee?.roles ?? [];
  const teamOptions = teams.data ?? employee?.teams ?? [];
  const names = (ids: number[], options: { id: number; name: string }[]) =>
    options
      .filter((o) => ids.includes(o.id))
      .map((o) => o.name)
      .join(', ');

  return (
    <FormDialog
      title={employee ? t('employeeDialog.editTitle', { name: employee.name }) : t('employeeDialog.addTitle')}
      formLabel={employee ? t('employeeDialog.editLabel') : t('employeeDialog.addTitle')}
      size="wide"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={employee ? t('employeeDialog.submitEdit') : t('employeeDialog.submitAdd')}
      pending={save.isPending}
    >
      <div className={styles.grid}>
        {shown ? (
          <Field
            label={t('employeeDialog.picture')}
            className={styles.wide}
            hint={t('employeeDialog.pictureHint')}
            validationMessage={pictureError ?? undefined}
            validationState={pictureError ? 'error' : 'none'}
          >
            <span style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
              <EmployeeAvatar employee={shown} size={48} color="colorful" data-testid="employee-picture" />
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                aria-label={t('employeeDialog.uploadPicture')}
                disabled={upload.isPending}
                onChange={(e) => void pickPicture(e.target.files?.[0])}
              />
            </span>
          </Field>
        ) : null}
        <Field label={t('employeeDialog.fullName')} required {...field('name')}>
          <Input value={form.name} onChange={(_, d) => set('name', d.value)} onBlur={touch('name')} autoFocus />
        </Field>
        <Field
          label={t('employeeDialog.workEmail')}
          required
          {...field('email')}
          hint={
            employee?.pendingEmail
              ? t('employeeDialog.pendingEmailHint', { email: employee.pendingEmail })
              : domain
                ? t('employeeDialog.domainHint', { domain })
                : undefined
          }
        >
          <Input type="email" value={form.email} onChange={(_, d) => set('email', d.value)} onBlur={touch('email')} />
        </Field>
        <Field label={t('employeeDialog.employeeId')} {...field('employeeIdentificationNo')}>
          <Input
            value={form.employeeIdentificationNo}
            placeholder={t('employeeDialog.employeeIdPlaceholder')}
            onChange={(_, d) => set('employeeIdentificationNo', d.value)}
            onBlur={touch('employeeIdentificationNo')}
          />
        </Field>
        <Field label={t('employeeDialog.dateOfJoining')} {...field('dateOfJoining')}>
          <Input
            type="date"
            value={form.dateOfJoining}
            onChange={(_, d) => set('dateOfJoining', d.value)}
            onBlur={touch('dateOfJoining')}
          />
        </Field>
        <Field
          label={t('employeeDialog.allocation')}
          {...field('allocation')}
          hint={t('employeeDialog.allocationHint')}
        >
          <SpinButton
            incrementButton={{ 'aria-label': t('common:actions.increase') }}
            decrementButton={{ 'aria-label': t('common:actions.decrease') }}
            min={0}
            max={100}
            step={5}
            value={form.allocation}
            onChange={(_, d) => {
              const next = d.value ?? Number(d.displayValue);
              if (Number.isFinite(next)) set('allocation', Math.round(next));
            }}
            onBlur={touch('allocation')}
          />
        </Field>
        {permissions.has('view-roles') ? (
          <Field
            label={t('employeeDialog.roles')}
            {...field('roleIds')}
            hint={!employee && form.roleIds.length === 0 ? t('employeeDialog.rolesHint') : undefined}
          >
            <Dropdown
              multiselect
              placeholder={roles.isPending ? t('employeeDialog.loadingRoles') : t('employeeDialog.chooseRoles')}
              value={names(form.roleIds, roleOptions)}
              selectedOptions={form.roleIds.map(String)}
              onOptionSelect={(_, d) => set('roleIds', d.selectedOptions.map(Number))}
            >
              {roleOptions.map((r) => (
                <Option key={r.id} value={String(r.id)}>
                  {r.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        ) : null}
        {permissions.has('view-teams') ? (
          <Field label={t('employeeDialog.teams')} className={styles.wide} {...field('teamIds')}>
            <Dropdown
              multiselect
              placeholder={teams.isPending ? t('employeeDialog.loadingTeams') : t('employeeDialog.chooseTeams')}
              value={names(form.teamIds, teamOptions)}
              selectedOptions={form.teamIds.map(String)}
              onOptionSelect={(_, d) => set('teamIds', d.selectedOptions.map(Number))}
            >
              {teamOptions.map((t) => (
                <Option key={t.id} value={String(t.id)}>
                  {t.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
        ) : null}
      </div>
    </FormDialog>
  );
}
