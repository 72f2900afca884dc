/**
 * Add or edit a leave type: name, kind (fixed once created), icon, yearly quota (quota kind only: compensatory
 * days are earned, unpaid has none) and its rules for
 * requests (notice, past days, working days per request; docs/leave-workflow.md "Leave rules"). The
 * form is checked with the contract the server uses, so ranges are refused before sending.
 */
import { Dropdown, Field, Input, makeStyles, Option, Switch, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { LEAVE_ICONS, leaveTypeBodySchema, type LeaveType } from '../../../../shared/contracts/leave';
import { DEFAULT_LEAVE_RULES, describeLeaveRules, LEAVE_KINDS, normalizeLeaveRules } from '../../../../shared/leave';
import { useSaveLeaveType, type LeaveTypeBody } from '../../api/hooks/leave-catalogue';
import { FormDialog } from '../../components/FormDialog';
import { LeaveIcon } from '../leave/leave-ui';
import { firstIssueByField, useFormFailure } from '../../components/form-fields';
import { useTranslation } from '../../i18n';

const useStyles = makeStyles({
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

export function LeaveTypeDialog({ type, onClose }: { type: LeaveType | null; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common']);
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
  const failure = useFormFailure<MessageKey>({
    fallback: type ? t('leaveTypeDialog.notUpdated') : t('leaveTypeDialog.notAdded'),
  });
  const { messages } = failure;
  const parsed = leaveTypeBodySchema.safeParse(form);
  const errors = firstIssueByField(parsed);
  const change = (key: MessageKey, patch: Partial<typeof form>) => {
    setForm({ ...form, ...patch });
    messages.edited(key);
  };
  const save = useSaveLeaveType();
  const submit = () => {
    messages.submitted();
    failure.start();
    if (parsed.success)
      save.mutate(
        type
          ? { id: type.id, changes: { name: form.name, icon: form.icon, yearlyQuota: form.yearlyQuota, ...rules } }
          : { body: { ...form, ...rules } },
        { onSuccess: onClose, onError: failure.onError },
      );
  };
  return (
    <FormDialog
      title={type ? t('leaveTypeDialog.editTitle', { name: type.name }) : t('leaveTypeDialog.add')}
      formLabel={type ? t('leaveTypeDialog.edit') : t('leaveTypeDialog.add')}
      error={failure.banner}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('common:actions.save')}
      pending={save.isPending}
    >
      <Field label={t('leaveTypeDialog.name')} required {...messages.field('name', errors)}>
        <Input
          value={form.name}
          onChange={(_, d) => change('name', { name: d.value })}
          onBlur={messages.touch('name')}
          autoFocus
        />
      </Field>
      <Field label={t('leaveTypeDialog.kind')} hint={type ? t('leaveTypeDialog.kindFixed') : undefined}>
        <Dropdown
          disabled={!!type}
          value={t(`kinds.${form.kind}`)}
          selectedOptions={[form.kind]}
          onOptionSelect={(_, d) => setForm({ ...form, kind: d.optionValue as LeaveType['kind'] })}
        >
          {LEAVE_KINDS.map((k) => (
            <Option key={k} value={k}>
              {t(`kinds.${k}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      <Field label={t('leaveTypeDialog.icon')}>
        <Dropdown
          value={t(`icons.${form.icon}`)}
          selectedOptions={[form.icon]}
          onOptionSelect={(_, d) => setForm({ ...form, icon: d.optionValue as LeaveType['icon'] })}
        >
          {LEAVE_ICONS.map((icon) => (
            <Option key={icon} value={icon} text={t(`icons.${icon}`)}>
              <span className={styles.name}>
                <LeaveIcon icon={icon} />
                {t(`icons.${icon}`)}
              </span>
            </Option>
          ))}
        </Dropdown>
      </Field>
      {form.kind === 'compensatory' ? (
        <Text data-testid="compensatory-earned">{t('leaveTypeDialog.compensatoryEarned')}</Text>
      ) : null}
      {form.kind === 'quota' ? (
        <Field
          label={t('leaveTypeDialog.yearlyQuota')}
          hint={t('leaveTypeDialog.yearlyQuotaHint')}
          {...messages.field('yearlyQuota', errors)}
        >
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
        <legend className={styles.legend}>{t('leaveTypeDialog.rulesLegend')}</legend>
        <Field
          label={t('leaveTypeDialog.minNotice')}
          hint={t('leaveTypeDialog.minNoticeHint')}
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
          hint={form.minNoticeDays > 0 ? t('leaveTypeDialog.backdatedWithNotice') : t('leaveTypeDialog.backdatedHint')}
        >
          <Switch
            label={t('leaveTypeDialog.allowBackdated')}
            checked={rules.allowBackdated}
            disabled={form.minNoticeDays > 0}
            onChange={(_, d) => setForm({ ...form, allowBackdated: d.checked })}
          />
        </Field>
        <Field
          label={t('leaveTypeDialog.maxDays')}
          hint={t('leaveTypeDialog.maxDaysHint')}
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
          {parsed.success ? describeLeaveRules(rules, t) || t('leaveTypeDialog.noRules') : ' '}
        </Text>
      </fieldset>
    </FormDialog>
  );
}
