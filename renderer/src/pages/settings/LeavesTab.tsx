/**
 * Leaves settings: the leave types (kind, icon, yearly quota, rules, active or not) and the auto-leave setup.
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
import { MESSAGES } from '../../../../shared/messages';
import { errorMessage } from '../../api/errors';
import { leaveJobsSummary, useAutoLeavesConfig, useRunLeaveJobs, useSaveAutoLeavesConfig } from '../../api/hooks/leave';
import { useLeaveTypes, useSetLeaveTypeStatus } from '../../api/hooks/leave-catalogue';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { LeaveIcon, useTenantDay } from '../leave/leave-ui';
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

const KIND_LABELS: Record<string, string> = { quota: 'Quota', unpaid: 'Unpaid', compensatory: 'Compensatory' };

export function LeavesTab() {
  const styles = useStyles();
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
            Leave types
          </Text>
          {canAdd ? (
            <Button icon={<AddRegular />} onClick={() => setEditing('new')}>
              Add leave type
            </Button>
          ) : null}
        </div>
        <QueryState query={types} label="Loading leave types">
          {(items) => (
            <StaticTable
              label="Leave types"
              rows={items}
              rowKey={(t) => t.id}
              columns={[
                {
                  key: 'name',
                  label: 'Name',
                  render: (t) => (
                    <span className={styles.name}>
                      <LeaveIcon icon={t.icon} />
                      {t.name}
                    </span>
                  ),
                },
                { key: 'kind', label: 'Kind', render: (t) => KIND_LABELS[t.kind] },
                { key: 'quota', label: 'Yearly quota', render: (t) => (t.kind === 'unpaid' ? '—' : t.yearlyQuota) },
                {
                  key: 'rules',
                  label: 'Rules',
                  render: (t) => describeLeaveRules(t) || <span className={styles.muted}>None</span>,
                },
                {
                  key: 'active',
                  label: 'Active',
                  render: (t) => (
                    <Switch
                      aria-label={`${t.name} active`}
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
                        label: 'Actions',
                        render: (t: LeaveType) => (
                          <Button
                            appearance="subtle"
                            icon={<EditRegular />}
                            aria-label={`Edit ${t.name}`}
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
      {permissions.has('setup-leave-integration') ? <AutoLeavesCard types={types.data ?? []} /> : null}
      {editing ? <LeaveTypeDialog type={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
    </div>
  );
}

function AutoLeavesCard({ types }: { types: LeaveType[] }) {
  const styles = useStyles();
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
      ? 'Choose a day of this year, not after today'
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
            notify.error(MESSAGES.AUTO_LEAVES_UPDATE_FAILED, errorMessage(error, MESSAGES.AUTO_LEAVES_UPDATE_FAILED)),
        },
      );
  };
  const firstMissing = current.enabled && current.firstLeaveTypeId === null;

  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label="Auto leaves" className={styles.form}>
        <div className={styles.head}>
          <Text as="h2" size={500} weight="semibold">
            Auto leaves
          </Text>
          {config.isFetching ? <Spinner size="tiny" /> : null}
        </div>
        <Text className={styles.muted}>
          Each past working day without attendance, leave or holiday becomes a leave of the first type while its quota
          lasts, then of the second. The jobs also auto reject requests nobody decided before their last day.
        </Text>
        {!hasUnpaid ? (
          <MessageBar intent="warning">
            <MessageBarBody>{MESSAGES.AUTO_LEAVES_NEED_UNPAID} Add an unpaid leave type above first.</MessageBarBody>
          </MessageBar>
        ) : null}
        <Switch
          label={current.enabled ? 'Auto leaves are enabled' : 'Auto leaves are disabled'}
          checked={current.enabled}
          disabled={!hasUnpaid && !current.enabled}
          onChange={(_, d) => set({ enabled: d.checked })}
        />
        <div className={styles.grid}>
          <Field label="Integration ID" hint="Optional: the HR system these leaves sync with">
            <Input value={current.integrationId} onChange={(_, d) => set({ integrationId: d.value })} maxLength={120} />
          </Field>
          <Field
            label="First leave type"
            hint="Used while its quota lasts"
            validationMessage={firstMissing ? 'Choose the first leave type' : undefined}
            validationState={firstMissing ? 'error' : 'none'}
          >
            <Dropdown
              placeholder="Choose a leave type"
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
          <Field label="Second leave type" hint="When the first type’s quota is used up">
            <Dropdown
              placeholder="None"
              value={typeName(current.secondLeaveTypeId)}
              selectedOptions={current.secondLeaveTypeId ? [String(current.secondLeaveTypeId)] : ['none']}
              onOptionSelect={(_, d) =>
                set({ secondLeaveTypeId: d.optionValue === 'none' ? null : Number(d.optionValue) })
              }
            >
              <Option value="none">None</Option>
              {types.map((t) => (
                <Option key={t.id} value={String(t.id)}>
                  {t.name}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field
            label="Mark absences from"
            hint="Default: the day auto leaves are enabled"
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
            <MessageBarBody>Last run: {lastRun}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={styles.actions}>
          <Button
            icon={run.isPending ? <Spinner size="tiny" /> : <PlayRegular />}
            disabled={run.isPending}
            onClick={() => run.mutate(undefined, { onSuccess: (r) => setLastRun(leaveJobsSummary(r)) })}
          >
            Run now
          </Button>
          <Button appearance="primary" type="submit" disabled={save.isPending || draft === null || firstMissing}>
            Save
          </Button>
        </div>
      </form>
    </Card>
  );
}
