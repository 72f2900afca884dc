/**
 * Add or edit a leave type: name, kind (fixed once created), icon, yearly quota and its rules for
 * requests (notice, past days, working days per request; docs/leave-workflow.md "Leave rules"). The
 * form is checked with the contract the server uses, so ranges are refused before sending.
 */
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { LEAVE_ICONS, leaveTypeBodySchema, type LeaveType } from '../../../../shared/contracts/leave';
import { DEFAULT_LEAVE_RULES, describeLeaveRules, LEAVE_KINDS, normalizeLeaveRules } from '../../../../shared/leave';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveLeaveType, type LeaveTypeBody } from '../../api/hooks/leave-catalogue';
import { useNotify } from '../../components/toasts';
import { LeaveIcon } from '../leave/leave-ui';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  rules: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    margin: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  legend: { padding: `0 ${tokens.spacingHorizontalXS}`, fontWeight: tokens.fontWeightSemibold },
  muted: { color: tokens.colorNeutralForeground3 },
});

type MessageKey = 'name' | 'yearlyQuota' | 'minNoticeDays' | 'maxDaysPerRequest';

const KIND_LABELS: Record<string, string> = { quota: 'Quota', unpaid: 'Unpaid', compensatory: 'Compensatory' };

export function LeaveTypeDialog({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const styles = useStyles();
  const notify = useNotify();
  const [form, setForm] = useState<Required<LeaveTypeBody>>({
    name: type?.name ?? '',
    kind: type?.kind ?? 'quota',
    icon: type?.icon ?? 'calendar',
    yearlyQuota: type?.yearlyQuota ?? 0,
    minNoticeDays: type?.minNoticeDays ?? DEFAULT_LEAVE_RULES.minNoticeDays,
    allowBackdated: type?.allowBackdated ?? DEFAULT_LEAVE_RULES.allowBackdated,
    maxDaysPerRequest: type?.maxDaysPerRequest ?? DEFAULT_LEAVE_RULES.maxDaysPerRequest,
  });
  // Notice rules out past days: the switch follows, as the server stores it.
  const rules = normalizeLeaveRules(form);
  const number = (value: string) => (value === '' ? Number.NaN : Number(value));
  const messages = useFieldMessages<MessageKey>();
  const parsed = leaveTypeBodySchema.safeParse(form);
  const errors = firstIssueByField(parsed);
  const change = (key: MessageKey, patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    messages.edited(key);
  };
  const save = useSaveLeaveType();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (parsed.success)
      save.mutate(
        type
          ? { id: type.id, changes: { name: form.name, icon: form.icon, yearlyQuota: form.yearlyQuota, ...rules } }
          : { body: { ...form, ...rules } },
        {
          onSuccess: onClose,
          onError: (error) => {
            messages.setServerErrors(fieldErrors(error));
            notify.error(type ? 'The leave type was not updated' : 'The leave type was not added', errorMessage(error));
          },
        },
      );
  };
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !save.isPending && onClose()}>
      <DialogSurface>
        <form onSubmit={submit} noValidate aria-label={type ? 'Edit leave type' : 'Add leave type'}>
          <DialogBody>
            <DialogTitle>{type ? `Edit ${type.name}` : 'Add leave type'}</DialogTitle>
            <DialogContent className={styles.form}>
              <Field label="Name" required {...messages.field('name', errors)}>
                <Input
                  value={form.name}
                  onChange={(_, d) => change('name', { name: d.value })}
                  onBlur={messages.touch('name')}
                  autoFocus
                />
              </Field>
              <Field label="Kind" hint={type ? 'The kind is fixed once a type exists' : undefined}>
                <Dropdown
                  disabled={!!type}
                  value={KIND_LABELS[form.kind]}
                  selectedOptions={[form.kind]}
                  onOptionSelect={(_, d) => setForm({ ...form, kind: d.optionValue as LeaveType['kind'] })}
                >
                  {LEAVE_KINDS.map((k) => (
                    <Option key={k} value={k}>
                      {KIND_LABELS[k]!}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              <Field label="Icon">
                <Dropdown
                  value={form.icon}
                  selectedOptions={[form.icon]}
                  onOptionSelect={(_, d) => setForm({ ...form, icon: d.optionValue as LeaveType['icon'] })}
                >
                  {LEAVE_ICONS.map((icon) => (
                    <Option key={icon} value={icon} text={icon}>
                      <span className={styles.name}>
                        <LeaveIcon icon={icon} />
                        {icon}
                      </span>
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              {form.kind !== 'unpaid' ? (
                <Field label="Yearly quota (working days)" hint="0 to 365" {...messages.field('yearlyQuota', errors)}>
                  <Input
                    type="number"
                    min={0}
                    max={365}
                    value={String(form.yearlyQuota)}
                    onChange={(_, d) => change('yearlyQuota', { yearlyQuota: number(d.value) })}
                    onBlur={messages.touch('yearlyQuota')}
                  />
                </Field>
              ) : null}
              <fieldset className={styles.rules}>
                <legend className={styles.legend}>Rules for requests</legend>
                <Field
                  label="Minimum notice (days)"
                  hint="0 to 365. 0: may start today; 3: the earliest start is three days from today"
                  {...messages.field('minNoticeDays', errors)}
                >
                  <Input
                    type="number"
                    min={0}
                    max={365}
                    value={Number.isNaN(form.minNoticeDays) ? '' : String(form.minNoticeDays)}
                    onChange={(_, d) => change('minNoticeDays', { minNoticeDays: number(d.value) })}
                    onBlur={messages.touch('minNoticeDays')}
                  />
                </Field>
                <Field
                  hint={
                    form.minNoticeDays > 0
                      ? 'Not with notice: notice rules out past days'
                      : 'For example sick leave, told after the days off'
                  }
                >
                  <Switch
                    label="Allow requests for past days"
                    checked={rules.allowBackdated}
                    disabled={form.minNoticeDays > 0}
                    onChange={(_, d) => setForm({ ...form, allowBackdated: d.checked })}
                  />
                </Field>
                <Field
                  label="Most working days per request"
                  hint="0: no limit; else 1 to 365"
                  {...messages.field('maxDaysPerRequest', errors)}
                >
                  <Input
                    type="number"
                    min={0}
                    max={365}
                    value={Number.isNaN(form.maxDaysPerRequest) ? '' : String(form.maxDaysPerRequest)}
                    onChange={(_, d) => change('maxDaysPerRequest', { maxDaysPerRequest: number(d.value) })}
                    onBlur={messages.touch('maxDaysPerRequest')}
                  />
                </Field>
                <Text className={styles.muted} data-testid="rules-preview">
                  {parsed.success
                    ? describeLeaveRules(rules) || 'No rules beyond the fixed ones: any working day of this year'
                    : ' '}
                </Text>
              </fieldset>
            </DialogContent>
            <DialogActions>
              <Button onClick={onClose} disabled={save.isPending}>
                Cancel
              </Button>
              <Button appearance="primary" type="submit" disabled={save.isPending}>
                Save
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
