/**
 * My requests and pending approvals: pages of 20 (the spec's size for both), a leave-type filter, status
 * badges, the history of a request, and the actions the workflow allows from where the request stands.
 * The buttons follow shared/leave.ts; the server checks again and its refusal is shown.
 */
import { Button, Dropdown, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LEAVE_PAGE_SIZE, type LeaveRequest } from '../../../../shared/contracts/leave';
import { LEAVE_ACTION, LEAVE_STATUS } from '../../../../shared/leave';
import { useLeaveRequests } from '../../api/hooks/leave';
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

function actionsFor(mode: 'mine' | 'pending', r: LeaveRequest): Omit<PendingAction, 'request'>[] {
  if (mode === 'mine') {
    if (PENDING.includes(r.status)) return [{ action: LEAVE_ACTION.CANCEL, text: 'cancel' }];
    if (APPROVED.includes(r.status)) return [{ action: LEAVE_ACTION.CANCEL, text: 'requestCancellation' }];
    return [];
  }
  if (PENDING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE, text: 'approve' },
      { action: LEAVE_ACTION.REJECT, text: 'reject' },
    ];
  if (CANCELLING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE_CANCELLATION, text: 'approveCancellation' },
      { action: LEAVE_ACTION.REJECT_CANCELLATION, text: 'rejectCancellation' },
    ];
  return [];
}

export function LeaveRequestsTable({ mode }: { mode: 'mine' | 'pending' }) {
  const styles = useStyles();
  const tableStyles = useTableCardStyles();
  const { t } = useTranslation(['leave', 'common', 'errors']);
  const dates = useLeaveDates();
  const [page, setPage] = useState(1);
  const [leaveId, setLeaveId] = useState<number | undefined>(undefined);
  const [acting, setActing] = useState<PendingAction | null>(null);
  const [history, setHistory] = useState<LeaveRequest | null>(null);
  const types = useLeaveTypes();
  const query = useLeaveRequests(mode, page, leaveId);
  const label = mode === 'mine' ? t('requests.mineLabel') : t('requests.pendingLabel');
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
              title={mode === 'mine' ? t('requests.emptyMineTitle') : t('requests.emptyPendingTitle')}
            >
              {mode === 'mine' ? t('requests.emptyMine') : t('requests.emptyPending')}
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
            <Text weight="semibold">
              {t('history.event', {
                status: leaveStatusLabel(e.toStatus),
                who: who(e),
                role: t(`actor.${e.actorRole}`),
              })}
            </Text>
            <Text className={styles.muted}>{format.instantIn(e.at, timeZone)}</Text>
            {e.reason ? <Text>{t('history.reason', { reason: e.reason })}</Text> : null}
          </li>
        ))}
      </ol>
    </InfoDialog>
  );
}
