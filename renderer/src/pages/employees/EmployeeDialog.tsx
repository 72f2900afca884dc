/** Add or edit an employee. The shared contract validates as the user types; the server has the last word. */
import { Dropdown, Field, Option, SpinButton } from '@fluentui/react-components';
import { useState } from 'react';
import {
  createEmployeeBodySchema,
  EMPLOYMENT_TYPES,
  type Employee,
  type EmploymentType,
} from '../../../../shared/contracts/people';
import { emailDomain } from '../../../../shared/credentials';
import { errorMessage } from '../../api/errors';
import {
  useAllRoles,
  useAllTeams,
  useEmployeePick,
  useNextEmployeeNumber,
  useSaveEmployee,
  useUploadEmployeeImage,
} from '../../api/hooks/people';
import { SearchPicker, usePickerSearch } from '../../components/SearchPicker';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { MAX_IMAGE_BYTES, sniffImageType } from '../../../../shared/images';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useMe, usePermissions } from '../../api/hooks/me';
import {
  errorProps,
  firstIssueByField,
  useFormState,
  type FormState,
  type RuleMessages,
} from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

type Form = {
  name: string;
  email: string;
  employeeIdentificationNo: string;
  dateOfJoining: string;
  allocation: number;
  roleIds: number[];
  teamIds: number[];
  jobTitle: string;
  managerId: number | null;
  location: string;
  employmentType: EmploymentType | '';
  phone: string;
};

function toForm(employee: Employee | null): Form {
  return {
    name: employee?.name ?? '',
    email: employee?.email ?? '',
    employeeIdentificationNo: employee?.employeeIdentificationNo ?? '',
    dateOfJoining: employee?.dateOfJoining ?? '',
    allocation: employee?.allocation ?? 100,
    roleIds: employee?.roles.map((r) => r.id) ?? [],
    teamIds: employee?.teams.map((t) => t.id) ?? [],
    jobTitle: employee?.jobTitle ?? '',
    managerId: employee?.manager?.id ?? null,
    location: employee?.location ?? '',
    employmentType: employee?.employmentType ?? '',
    phone: employee?.phone ?? '',
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
    // Empty clears each one (null).
    jobTitle: form.jobTitle.trim() || null,
    managerId: form.managerId,
    location: form.location.trim() || null,
    employmentType: form.employmentType || null,
    phone: form.phone.trim() || null,
  };
}

/** Roles or teams, several of them, by name; the form keeps their ids. */
function PickMany({
  form,
  rules,
  name,
  options,
  label,
  hint,
  className,
  placeholder,
}: {
  form: FormState<Form>;
  rules: RuleMessages;
  name: 'roleIds' | 'teamIds';
  options: readonly { id: number; name: string }[];
  label: string;
  hint?: string | undefined;
  className?: string;
  placeholder: string;
}) {
  const ids = form.values[name];
  return (
    <Field label={label} hint={hint} className={className} {...form.messages.field(name, rules)}>
      <Dropdown
        multiselect
        placeholder={placeholder}
        value={options
          .filter((o) => ids.includes(o.id))
          .map((o) => o.name)
          .join(', ')}
        selectedOptions={ids.map(String)}
        onOptionSelect={(_, d) => form.set(name, d.selectedOptions.map(Number))}
      >
        {options.map((o) => (
          <Option key={o.id} value={String(o.id)}>
            {o.name}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

export function EmployeeDialog({ employee, onClose }: { employee: Employee | null; onClose: () => void }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['people', 'errors', 'common']);
  const me = useMe();
  const permissions = usePermissions();
  const form = useFormState<Form>(() => toForm(employee));
  const { values } = form;
  const roles = useAllRoles({ enabled: permissions.has('view-roles') });
  const teams = useAllTeams({ enabled: permissions.has('view-teams') });

  // The contract's own rules, plus the company-domain rule the server enforces.
  const parsed = createEmployeeBodySchema.safeParse(toBody(values, !employee));
  const rules = firstIssueByField(parsed);
  const domain = me?.tenant.emailDomain;
  if (!rules['email'] && domain && emailDomain(values.email) !== domain)
    rules['email'] = t('errors:EMAIL_OUTSIDE_DOMAIN');
  if (!values.name.trim()) rules['name'] = t('employeeDialog.enterName');
  const field = (key: keyof Form) => form.messages.field(key, rules);
  const bound = { form, rules };

  // A new employee's ID is pre-filled with the suggested next number, unless the user typed one already.
  const next = useNextEmployeeNumber(!employee);
  const suggested = next.data?.employeeIdentificationNo ?? null;
  const [prefilled, setPrefilled] = useState(false);
  if (!employee && !prefilled && suggested !== null) {
    setPrefilled(true);
    if (values.employeeIdentificationNo === '') form.set('employeeIdentificationNo', suggested);
  }

  // The chosen manager's name, shown in the picker (the form keeps the id).
  const [managerName, setManagerName] = useState(employee?.manager?.name ?? '');
  const managerSearch = usePickerSearch();
  // Active people but the one edited, filtered by the server so that 10 matches show (issue #11).
  const managerOptions = useEmployeePick(managerSearch.debounced, permissions.has('view-employees'), {
    status: 'active',
    exceptId: employee?.id,
  });
  const managerChoices = (managerOptions.data?.items ?? []).map((e) => ({ value: String(e.id), text: e.name }));
  const noManager = { value: '', text: t('employeeDialog.noManager') };
  const typeLabels: Record<EmploymentType, string> = {
    hourly: t('employeeDialog.hourly'),
    nfte: t('employeeDialog.nfte'),
    fte: t('employeeDialog.fte'),
  };

  const save = useSaveEmployee();
  const onSaveError = (error: unknown) => {
    const failed = employee ? t('errors:EMPLOYEE_UPDATE_FAILED') : t('errors:EMPLOYEE_ADD_FAILED');
    form.failed(error, { fallback: failed });
  };
  const submit = () =>
    form.submit(rules, t('errors:VALIDATION'), () => {
      const body = toBody(values, !employee);
      save.mutate(employee ? { id: employee.id, changes: body } : { body }, {
        onSuccess: onClose,
        onError: onSaveError,
      });
    });

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

  return (
    <FormDialog
      title={employee ? t('employeeDialog.editTitle', { name: employee.name }) : t('employeeDialog.addTitle')}
      formLabel={employee ? t('employeeDialog.editLabel') : t('employeeDialog.addTitle')}
      size="wide"
      error={form.formError}
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
            {...errorProps(pictureError)}
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
        <TextField {...bound} name="name" label={t('employeeDialog.fullName')} required autoFocus />
        <TextField
          {...bound}
          name="email"
          type="email"
          label={t('employeeDialog.workEmail')}
          required
          hint={
            employee?.pendingEmail
              ? t('employeeDialog.pendingEmailHint', { email: employee.pendingEmail })
              : domain
                ? // A new employee is e-mailed an invitation to set a password (docs/security.md "Invitations").
                  t(employee ? 'employeeDialog.domainHint' : 'employeeDialog.inviteHint', { domain })
                : undefined
          }
        />
        <TextField
          {...bound}
          name="employeeIdentificationNo"
          label={t('employeeDialog.employeeId')}
          placeholder={t('employeeDialog.employeeIdPlaceholder')}
          hint={
            !employee && suggested !== null && values.employeeIdentificationNo === suggested
              ? t('employeeDialog.employeeIdSuggested')
              : undefined
          }
        />
        <TextField {...bound} name="jobTitle" label={t('employeeDialog.jobTitle')} />
        <TextField {...bound} name="dateOfJoining" type="date" label={t('employeeDialog.dateOfJoining')} />
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
            value={values.allocation}
            onChange={(_, d) => {
              const next = d.value ?? Number(d.displayValue);
              if (Number.isFinite(next)) form.set('allocation', Math.round(next));
            }}
            onBlur={form.messages.touch('allocation')}
          />
        </Field>
        <SearchPicker
          label={t('employeeDialog.manager')}
          placeholder={t('employeeDialog.searchManager')}
          search={managerSearch}
          selected={values.managerId !== null ? { value: String(values.managerId), text: managerName } : noManager}
          fixed={[noManager]}
          groups={[{ options: managerChoices }]}
          searching={managerOptions.isFetching}
          nobody={t('employeeDialog.noManagerFound')}
          validation={field('managerId')}
          onPick={(value) => {
            const picked = managerChoices.find((o) => o.value === value);
            setManagerName(picked?.text ?? '');
            form.set('managerId', picked ? Number(picked.value) : null);
          }}
        />
        <TextField {...bound} name="location" label={t('employeeDialog.location')} />
        <Field label={t('employeeDialog.employmentType')} {...field('employmentType')}>
          <Dropdown
            placeholder={t('employeeDialog.chooseEmploymentType')}
            value={values.employmentType ? typeLabels[values.employmentType] : ''}
            selectedOptions={values.employmentType ? [values.employmentType] : []}
            onOptionSelect={(_, d) => form.set('employmentType', (d.optionValue ?? '') as EmploymentType | '')}
          >
            <Option value="">{t('employeeDialog.chooseEmploymentType')}</Option>
            {EMPLOYMENT_TYPES.map((type) => (
              <Option key={type} value={type}>
                {typeLabels[type]}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <TextField
          {...bound}
          name="phone"
          type="tel"
          label={t('employeeDialog.phone')}
          placeholder={t('employeeDialog.phonePlaceholder')}
        />
        {permissions.has('view-roles') ? (
          <PickMany
            {...bound}
            name="roleIds"
            label={t('employeeDialog.roles')}
            hint={!employee && values.roleIds.length === 0 ? t('employeeDialog.rolesHint') : undefined}
            placeholder={roles.isPending ? t('employeeDialog.loadingRoles') : t('employeeDialog.chooseRoles')}
            options={roles.data ?? employee?.roles ?? []}
          />
        ) : null}
        {permissions.has('view-teams') ? (
          <PickMany
            {...bound}
            name="teamIds"
            label={t('employeeDialog.teams')}
            className={styles.wide}
            placeholder={teams.isPending ? t('employeeDialog.loadingTeams') : t('employeeDialog.chooseTeams')}
            options={teams.data ?? employee?.teams ?? []}
          />
        ) : null}
      </div>
    </FormDialog>
  );
}
