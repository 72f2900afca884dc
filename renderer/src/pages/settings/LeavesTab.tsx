/**
 * Leaves settings: the leave types (kind, icon, yearly quota, rules, active or not), booking into next year
 * (from which month requests may fall in the next year) and the auto-leave setup.
 * Each control appears only with its permission; the server checks again.
 */
import {
  Button,
  Card,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Option,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { AddRegular, EditRegular, PlayRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import type { LeaveType } from '../../../../shared/contracts/leave';
import { describeLeaveRules } from '../../../../shared/leave';
import { errorMessage } from '../../api/errors';
import {
  useAutoLeavesConfig,
  useLeaveSettings,
  useRunLeaveJobs,
  useSaveAutoLeavesConfig,
  useSaveLeaveSettings,
} from '../../api/hooks/leave';
import { useLeaveTypes, useSetLeaveTypeStatus } from '../../api/hooks/leave-catalogue';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { SelectSetting, SettingsCard, SettingsQuery, useDraft } from '../../components/SettingsCard';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { useTenantDay } from '../../components/hooks';
import { LeaveIcon } from '../leave/leave-ui';
import { currentLanguage, useTranslation } from '../../i18n';
import { LeaveTypeDialog } from './LeaveTypeDialog';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  name: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  actions: { display: 'flex', gap: tokens.spacingHorizontalM, justifyContent: 'flex-end', flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function LeavesTab() {
  const styles = useStyles();
  const { t: tr } = useTranslation('settings');
  const permissions = usePermissions();
  const types = useLeaveTypes();
  const [editing, setEditing] = useState<LeaveType | 'new' | null>(null);
  const status = useSetLeaveTypeStatus();
  const canAdd = permissions.has('add-leave-type');
  const canEdit = permissions.has('edit-leave-type');
  const canStatus = permissions.has('update-leave-type-status');

  return (
    <div className={styles.stack}>
      <Card className={styles.card}>
        <div className={styles.head}>
          <Text as="h2" size={500} weight="semibold">
            {tr('leaveTypes.title')}
          </Text>
          {canAdd ? (
            <Button icon={<AddRegular />} onClick={() => setEditing('new')}>
              {tr('leaveTypes.add')}
            </Button>
          ) : null}
        </div>
        <QueryState query={types} label={tr('leaveTypes.loading')}>
          {(items) => (
            <StaticTable
              label={tr('leaveTypes.title')}
              rows={items}
              rowKey={(t) => t.id}
              columns={[
                {
                  key: 'name',
                  label: tr('leaveTypes.name'),
                  render: (t) => (
                    <span className={styles.name}>
                      <LeaveIcon icon={t.icon} />
                      {t.name}
                    </span>
                  ),
                },
                { key: 'kind', label: tr('leaveTypes.kind'), render: (t) => tr(`kinds.${t.kind}`) },
                {
                  key: 'quota',
                  label: tr('leaveTypes.yearlyQuota'),
                  // Compensatory days are earned by weekend and holiday work, not a yearly quota.
                  render: (t) =>
                    t.kind === 'unpaid' ? '—' : t.kind === 'compensatory' ? tr('leaveTypes.earned') : t.yearlyQuota,
                },
                {
                  key: 'rules',
                  label: tr('leaveTypes.rules'),
                  render: (t) =>
                    describeLeaveRules(t, tr) || <span className={styles.muted}>{tr('leaveTypes.none')}</span>,
                },
                {
                  key: 'active',
                  label: tr('leaveTypes.active'),
                  render: (t) => (
                    <Switch
                      aria-label={tr('leaveTypes.activeLabel', { name: t.name })}
                      checked={t.isActive}
                      disabled={!canStatus || status.isPending}
                      onChange={(_, d) => status.mutate({ id: t.id, isActive: d.checked })}
                    />
                  ),
                },
                ...(canEdit
                  ? [
                      {
                        key: 'actions',
                        label: tr('leaveTypes.actions'),
                        render: (t: LeaveType) => (
                          <Button
                            appearance="subtle"
                            icon={<EditRegular />}
                            aria-label={tr('leaveTypes.editLabel', { name: t.name })}
                            onClick={() => setEditing(t)}
                          />
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          )}
        </QueryState>
      </Card>
      {canEdit ? <LeaveBookingCard /> : null}
      {permissions.has('setup-leave-integration') ? <AutoLeavesCard types={types.data ?? []} /> : null}
      {editing ? <LeaveTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

/** A month's name in the interface's language (1 = January). */
function monthName(month: number): string {
  return new Intl.DateTimeFormat(currentLanguage(), { month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, 15)),
  );
}

/** The choices of the booking setting: off, or the month (1-12) from which next year opens. */
const BOOKING_OPTIONS = ['off', ...Array.from({ length: 12 }, (_, i) => String(i + 1))] as const;

/** Booking into next year: off (the spec's current year only), or open from a month of the year on. */
function LeaveBookingCard() {
  const { t } = useTranslation('settings');
  const settings = useLeaveSettings();
  return (
    <SettingsQuery query={settings} label={t('leaveBooking.loading')}>
      {(saved) => <LeaveBookingForm saved={saved.leaveNextYearFromMonth} />}
    </SettingsQuery>
  );
}

function LeaveBookingForm({ saved }: { saved: number | null }) {
  const { t } = useTranslation('settings');
  const draft = useDraft<string>(saved === null ? 'off' : String(saved));
  const save = useSaveLeaveSettings();
  return (
    <SettingsCard
      label={t('leaveBooking.title')}
      title={t('leaveBooking.title')}
      drafts={[draft]}
      pending={save.isPending}
      onSave={(done) =>
        save.mutate({ leaveNextYearFromMonth: draft.value === 'off' ? null : Number(draft.value) }, { onSuccess: done })
      }
    >
      <SelectSetting
        draft={draft}
        options={BOOKING_OPTIONS}
        optionText={(o) =>
          o === 'off' ? t('leaveBooking.off') : t('leaveBooking.fromMonth', { month: monthName(Number(o)) })
        }
        label={t('leaveBooking.nextYear')}
        hint={t('leaveBooking.nextYearHint')}
        disabled={false}
        testId="leave-next-year"
      />
    </SettingsCard>
  );
}

function AutoLeavesCard({ types }: { types: LeaveType[] }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const notify = useNotify();
  const { today } = useTenantDay();
  const config = useAutoLeavesConfig();
  const [draft, setDraft] = useState<{
    enabled: boolean;
    integrationId: string;
    firstLeaveTypeId: number | null;
    secondLeaveTypeId: number | null;
    enabledSince: string;
  } | null>(null);
  const [lastRun, setLastRun] = useState<string | null>(null);
  const current = draft ?? {
    enabled: config.data?.enabled ?? false,
    integrationId: config.data?.integrationId ?? '',
    firstLeaveTypeId: config.data?.firstLeaveTypeId ?? null,
    secondLeaveTypeId: config.data?.secondLeaveTypeId ?? null,
    enabledSince: config.data?.enabledSince ?? '',
  };
  const hasUnpaid = types.some((t) => t.kind === 'unpaid' && t.isActive);
  const sinceError =
    current.enabledSince && (current.enabledSince > today || current.enabledSince.slice(0, 4) !== today.slice(0, 4))
      ? t('autoLeaves.sinceInvalid')
      : undefined;
  const save = useSaveAutoLeavesConfig();
  const run = useRunLeaveJobs();
  const set = (patch: Partial<typeof current>) => setDraft({ ...current, ...patch });
  const typeName = (id: number | null) => types.find((t) => t.id === id)?.name ?? '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!sinceError)
      save.mutate(
        {
          enabled: current.enabled,
          integrationId: current.integrationId.trim() || null,
          firstLeaveTypeId: current.firstLeaveTypeId,
          secondLeaveTypeId: current.secondLeaveTypeId,
          ...(current.enabled && current.enabledSince ? { enabledSince: current.enabledSince } : {}),
        },
        {
          onSuccess: () => setDraft(null),
          onError: (error) =>
            notify.error(
              t('errors:AUTO_LEAVES_UPDATE_FAILED'),
              errorMessage(error, t('errors:AUTO_LEAVES_UPDATE_FAILED')),
            ),
        },
      );
  };
  const firstMissing = current.enabled && current.firstLeaveTypeId === null;

  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label={t('autoLeaves.title')} className={styles.form}>
        <div className={styles.head}>
          <Text as="h2" size={500} weight="semibold">
            {t('autoLeaves.title')}
          </Text>
          {config.isFetching ? <Spinner size="tiny" /> : null}
        </div>
        <Text className={styles.muted}>{t('autoLeaves.intro')}</Text>
        {!hasUnpaid ? (
          <MessageBar intent="warning">
            <MessageBarBody>{t('autoLeaves.needUnpaid')}</MessageBarBody>
          </MessageBar>
        ) : null}
        <Switch
          label={current.enabled ? t('autoLeaves.enabled') : t('autoLeaves.disabled')}
          checked={current.enabled}
          disabled={!hasUnpaid && !current.enabled}
          onChange={(_, d) => set({ enabled: d.checked })}
        />
        <div className={styles.grid}>
          <Field label={t('autoLeaves.integrationId')} hint={t('autoLeaves.integrationIdHint')}>
            <Input value={current.integrationId} onChange={(_, d) => set({ integrationId: d.value })} maxLength={120} />
          </Field>
          <Field
            label={t('autoLeaves.firstType')}
            hint={t('autoLeaves.firstTypeHint')}
            validationMessage={firstMissing ? t('autoLeaves.firstTypeRequired') : undefined}
            validationState={firstMissing ? 'error' : 'none'}
          >
            <Dropdown
              placeholder={t('autoLeaves.chooseType')}
              value={typeName(current.firstLeaveTypeId)}
              selectedOptions={current.firstLeaveTypeId ? [String(current.firstLeaveTypeId)] : []}
              onOptionSelect={(_, d) => set({ firstLeaveTypeId: Number(d.optionValue) })}
            >
              {types.map((t) => (
                <Option key={t.id} value={String(t.id)}>
                  {t.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label={t('autoLeaves.secondType')} hint={t('autoLeaves.secondTypeHint')}>
            <Dropdown
              placeholder={t('autoLeaves.none')}
              value={typeName(current.secondLeaveTypeId)}
              selectedOptions={current.secondLeaveTypeId ? [String(current.secondLeaveTypeId)] : ['none']}
              onOptionSelect={(_, d) =>
                set({ secondLeaveTypeId: d.optionValue === 'none' ? null : Number(d.optionValue) })
              }
            >
              <Option value="none">{t('autoLeaves.none')}</Option>
              {types.map((t) => (
                <Option key={t.id} value={String(t.id)}>
                  {t.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field
            label={t('autoLeaves.since')}
            hint={t('autoLeaves.sinceHint')}
            validationMessage={sinceError}
            validationState={sinceError ? 'error' : 'none'}
          >
            <Input
              type="date"
              max={today}
              min={`${today.slice(0, 4)}-01-01`}
              disabled={!current.enabled}
              value={current.enabledSince}
              onChange={(_, d) => set({ enabledSince: d.value })}
            />
          </Field>
        </div>
        {lastRun ? (
          <MessageBar intent="success" role="status">
            <MessageBarBody>{t('autoLeaves.lastRun', { summary: lastRun })}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          <Button
            icon={run.isPending ? <Spinner size="tiny" /> : <PlayRegular />}
            disabled={run.isPending}
            onClick={() =>
              run.mutate(undefined, {
                onSuccess: (r) =>
                  setLastRun(
                    [
                      t('jobs.changes.created', { count: r.created }),
                      t('jobs.changes.autoRejected', { count: r.autoRejected }),
                      t('jobs.changes.cancellationsRefused', { count: r.cancellationsRefused }),
                      t('jobs.changes.autoCancelled', { count: r.autoCancelled }),
                    ].join(', '),
                  ),
              })
            }
          >
            {t('autoLeaves.runNow')}
          </Button>
          <Button appearance="primary" type="submit" disabled={save.isPending || draft === null || firstMissing}>
            {t('common:actions.save')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
