/**
 * My requests, pending approvals and, for HR and leads, another employee's requests (read only): pages of
 * 20 (the spec's size), a leave-type filter, status badges, the history of a request with its approvers,
 * and the actions the workflow allows from where the request stands (edit a pending request of one's own;
 * approve, reject, escalate to HR, send back to the team lead / PO). The buttons follow shared/leave.ts;
 * the server checks again and its refusal is shown.
 */
import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular, EditRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LEAVE_PAGE_SIZE, type LeaveRequest } from '../../../../shared/contracts/leave';
import { EDITABLE_STATUSES, LEAVE_ACTION, LEAVE_STATUS } from '../../../../shared/leave';
import { useLeaveApprovers, useLeaveRequests } from '../../api/hooks/leave';
import { useMe } from '../../api/hooks/me';
import { useLeaveTypes } from '../../api/hooks/leave-catalogue';
import { StaticTable, type Column } from '../../components/DataTable';
import { InfoDialog } from '../../components/DialogFrame';
import { CompanyTimeNote } from '../../components/CompanyTimeNote';
import { EmptyState } from '../../components/EmptyState';
import { leaveStatusLabel } from '../../components/format';
import { TableCard, useTableCardStyles } from '../../components/TableCard';
import { useFormat, useTranslation } from '../../i18n';
import { LeaveActionDialog, type PendingAction } from './LeaveActionDialog';
import { RequestLeaveDialog } from './RequestLeaveDialog';
import { LeaveIcon, StatusBadge, useLeaveDates } from './leave-ui';

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  type: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  reason: { color: tokens.colorNeutralForeground2, maxWidth: '260px', display: 'block' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  event: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} 0`,
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

const PENDING: readonly number[] = [LEAVE_STATUS.PENDING_PO, LEAVE_STATUS.PENDING_HR, LEAVE_STATUS.APPROVED_BY_PO];
const APPROVED: readonly number[] = [LEAVE_STATUS.APPROVED_BY_HR, LEAVE_STATUS.AUTO_APPROVED];
const CANCELLING: readonly number[] = [LEAVE_STATUS.PENDING_PO_CANCELLATION, LEAVE_STATUS.PENDING_HR_CANCELLATION];

/** Which list: one's own, the approvals waiting, or another employee's (read only). */
export type RequestsMode = 'mine' | 'pending' | 'employee';

function actionsFor(mode: RequestsMode, r: LeaveRequest): Omit<PendingAction, 'request'>[] {
  if (mode === 'employee') return [];
  if (mode === 'mine') {
    if (PENDING.includes(r.status)) return [{ action: LEAVE_ACTION.CANCEL, text: 'cancel' }];
    if (APPROVED.includes(r.status)) return [{ action: LEAVE_ACTION.CANCEL, text: 'requestCancellation' }];
    return [];
  }
  // At the team lead / PO stage (1, 4) the lead may pass it to HR; at HR's after the lead (10, 5), HR may
  // send it back.
  const stage: Omit<PendingAction, 'request'>[] =
    r.status === LEAVE_STATUS.PENDING_PO || r.status === LEAVE_STATUS.PENDING_PO_CANCELLATION
      ? [{ action: LEAVE_ACTION.ESCALATE, text: 'escalate' }]
      : r.status === LEAVE_STATUS.APPROVED_BY_PO || r.status === LEAVE_STATUS.PENDING_HR_CANCELLATION
        ? [{ action: LEAVE_ACTION.PREVIOUS, text: 'previous' }]
        : [];
  if (PENDING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE, text: 'approve' },
      { action: LEAVE_ACTION.REJECT, text: 'reject' },
      ...stage,
    ];
  if (CANCELLING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE_CANCELLATION, text: 'approveCancellation' },
      { action: LEAVE_ACTION.REJECT_CANCELLATION, text: 'rejectCancellation' },
      ...stage,
    ];
  return [];
}

export function LeaveRequestsTable({
  mode,
  employee,
}: {
  mode: RequestsMode;
  /** The employee whose requests 'employee' lists. */
  employee?: { id: number; name: string };
}) {
  const styles = useStyles();
  const tableStyles = useTableCardStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const dates = useLeaveDates();
  const [page, setPage] = useState(1);
  const [leaveId, setLeaveId] = useState<number | undefined>(undefined);
  const [acting, setActing] = useState<PendingAction | null>(null);
  const [history, setHistory] = useState<LeaveRequest | null>(null);
  const [editing, setEditing] = useState<LeaveRequest | null>(null);
  const types = useLeaveTypes();
  const query = useLeaveRequests(mode === 'pending' ? 'pending' : 'mine', page, leaveId, employee?.id);
  const label =
    mode === 'employee'
      ? t('leavePage.requestsOf', { name: employee?.name ?? '' })
      : mode === 'mine'
        ? t('requests.mineLabel')
        : t('requests.pendingLabel');
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEAVE_PAGE_SIZE));
  const items = query.data?.items ?? [];

  const columns: Column<LeaveRequest>[] = [
    ...(mode === 'pending'
      ? [
          {
            key: 'employee',
            label: t('requests.columns.employee'),
            className: styles.nowrap,
            render: (r: LeaveRequest) => r.employee.name,
          },
        ]
      : []),
    {
      key: 'type',
      label: t('requests.columns.type'),
      render: (r) => (
        <span className={styles.type}>
          <LeaveIcon icon={r.leaveType.icon} />
          {r.leaveType.name}
        </span>
      ),
    },
    {
      key: 'dates',
      label: t('requests.columns.dates'),
      className: styles.nowrap,
      render: (r) => dates(r.startDate, r.endDate),
    },
    { key: 'days', label: t('requests.columns.days'), render: (r) => r.days },
    {
      key: 'status',
      label: t('requests.columns.status'),
      render: (r) => <StatusBadge status={r.status} label={r.statusLabel} />,
    },
    {
      key: 'reason',
      label: t('requests.columns.reason'),
      render: (r) => (
        <Text className={styles.reason} truncate wrap={false} title={r.reason}>
          {r.reason}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: t('requests.columns.actions'),
      render: (r) => (
        <div className={styles.actions}>
          <Button size="small" appearance="subtle" icon={<HistoryRegular />} onClick={() => setHistory(r)}>
            {t('requests.details')}
          </Button>
          {mode === 'mine' && EDITABLE_STATUSES.includes(r.status) ? (
            <Button size="small" appearance="secondary" icon={<EditRegular />} onClick={() => setEditing(r)}>
              {t('edit')}
            </Button>
          ) : null}
          {actionsFor(mode, r).map((a) => (
            <Button
              key={a.action}
              size="small"
              appearance={
                a.action === LEAVE_ACTION.APPROVE || a.action === LEAVE_ACTION.APPROVE_CANCELLATION
                  ? 'primary'
                  : 'secondary'
              }
              onClick={() => setActing({ ...a, request: r })}
            >
              {t(`actions.${a.text}.verb`)}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <>
      <TableCard
        label={label}
        query={query}
        toolbar={
          <Dropdown
            aria-label={t('requests.typeFilter')}
            value={types.data?.find((type) => type.id === leaveId)?.name ?? t('requests.allTypes')}
            selectedOptions={[leaveId ? String(leaveId) : 'all']}
            onOptionSelect={(_, d) => {
              setLeaveId(d.optionValue === 'all' ? undefined : Number(d.optionValue));
              setPage(1);
            }}
          >
            <Option value="all">{t('requests.allTypes')}</Option>
            {(types.data ?? []).map((type) => (
              <Option key={type.id} value={String(type.id)}>
                {type.name}
              </Option>
            ))}
          </Dropdown>
        }
        empty={
          query.isSuccess && total === 0 ? (
            <EmptyState
              icon={<ClipboardTaskListLtrRegular />}
              title={mode === 'pending' ? t('requests.emptyPendingTitle') : t('requests.emptyMineTitle')}
            >
              {mode === 'pending' ? t('requests.emptyPending') : t('requests.emptyMine')}
            </EmptyState>
          ) : null
        }
        pager={<Text aria-live="polite">{t('requests.pager', { page, pages, count: total })}</Text>}
        page={{ page, pages, onPage: setPage }}
      >
        <StaticTable
          label={label}
          className={tableStyles.table}
          shadedHeader
          rows={items}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ 'data-request-id': r.id })}
          loading={query.isPending}
          busy={query.isFetching}
          columns={columns}
        />
      </TableCard>
      {acting ? <LeaveActionDialog pending={acting} onClose={() => setActing(null)} /> : null}
      {history ? <HistoryDialog request={history} onClose={() => setHistory(null)} /> : null}
      {editing ? <RequestLeaveDialog editing={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

function HistoryDialog({ request, onClose }: { request: LeaveRequest; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const format = useFormat();
  // The history's times are the company's, as every attendance and leave date is.
  const timeZone = useMe()!.tenant.settings.tenant_timezone;
  const dates = useLeaveDates();
  const who = (e: LeaveRequest['events'][number]) =>
    e.actor?.name ?? (e.actorRole === 'system' ? t('history.automatic') : t('history.someone'));
  const line = (e: LeaveRequest['events'][number]) => {
    const values = { status: leaveStatusLabel(e.toStatus), who: who(e), role: t(`actor.${e.actorRole}`) };
    return e.action === 6 || e.action === 7 || e.action === 8
      ? t('history.actionEvent', { ...values, action: t(`history.action.${e.action}`) })
      : t('history.event', values);
  };
  return (
    <InfoDialog
      title={t('history.title', { type: request.leaveType.name, dates: dates(request.startDate, request.endDate) })}
      onClose={onClose}
    >
      <Text block>
        {t('history.summary', { name: request.employee.name, count: request.days })}{' '}
        <StatusBadge status={request.status} label={request.statusLabel} />
      </Text>
      <CompanyTimeNote timeZone={timeZone} />
      <ol aria-label={t('history.label')}>
        {request.events.map((e, i) => (
          <li key={i} className={styles.event}>
            <Text weight="semibold">{line(e)}</Text>
            <Text className={styles.muted}>{format.instantIn(e.at, timeZone)}</Text>
            {e.reason ? <Text>{t('history.reason', { reason: e.reason })}</Text> : null}
          </li>
        ))}
      </ol>
      <Approvers employeeId={request.employee.id} />
    </InfoDialog>
  );
}

/** Who approves the requester's leave, stage by stage: shown to the requester in the request's details. */
function Approvers({ employeeId }: { employeeId: number }) {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const approvers = useLeaveApprovers(employeeId);
  const names = (people: { name: string }[]) =>
    people.length ? people.map((p) => p.name).join(', ') : t('history.nobody');
  if (!approvers.data) return null;
  return (
    <section aria-label={t('history.approvers')} data-testid="leave-approvers">
      <Text weight="semibold" block>
        {t('history.approvers')}
      </Text>
      <Text block className={styles.muted}>
        {t('history.approversPo', { names: names(approvers.data.po) })}
      </Text>
      <Text block className={styles.muted}>
        {t('history.approversHr', { names: names(approvers.data.hr) })}
      </Text>
    </section>
  );
}
