/**
 * My requests and pending approvals: pages of 20 (the spec's size for both), a leave-type filter, status
 * badges, the history of a request, and the actions the workflow allows from where the request stands.
 * The buttons follow shared/leave.ts; the server checks again and its refusal is shown.
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
  makeStyles,
  Option,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ClipboardTaskListLtrRegular, HistoryRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { LEAVE_PAGE_SIZE, type LeaveRequest } from '../../../../shared/contracts/leave';
import { LEAVE_ACTION, LEAVE_STATUS, LEAVE_STATUS_LABELS } from '../../../../shared/leave';
import { useLeaveRequests } from '../../api/hooks/leave';
import { useLeaveTypes } from '../../api/hooks/leave-catalogue';
import { StaticTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { PageButtons } from '../../components/PageButtons';
import { formatDay, formatInstant } from '../../components/format';
import { LeaveActionDialog, type PendingAction } from './LeaveActionDialog';
import { LeaveIcon, StatusBadge } from './leave-ui';
import { QueryError } from '../../components/QueryState';

const useStyles = makeStyles({
  root: {
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow4,
    overflow: 'hidden',
  },
  toolbar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  scroll: { overflowX: 'auto' },
  // Auto layout sizes columns by their content, so the action buttons are never clipped.
  table: { minWidth: '860px', tableLayout: 'auto' },
  headerRow: { backgroundColor: tokens.colorNeutralBackground2 },
  nowrap: { whiteSpace: 'nowrap' },
  type: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  reason: { color: tokens.colorNeutralForeground2, maxWidth: '260px', display: 'block' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  pager: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'flex-end',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    color: tokens.colorNeutralForeground2,
  },
  message: { margin: tokens.spacingHorizontalL },
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
    if (PENDING.includes(r.status))
      return [{ action: LEAVE_ACTION.CANCEL, title: 'Cancel this request', verb: 'Cancel request' }];
    if (APPROVED.includes(r.status))
      return [{ action: LEAVE_ACTION.CANCEL, title: 'Ask to cancel this leave', verb: 'Request cancellation' }];
    return [];
  }
  if (PENDING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE, title: 'Approve this leave', verb: 'Approve' },
      { action: LEAVE_ACTION.REJECT, title: 'Reject this leave', verb: 'Reject' },
    ];
  if (CANCELLING.includes(r.status))
    return [
      { action: LEAVE_ACTION.APPROVE_CANCELLATION, title: 'Approve the cancellation', verb: 'Approve cancellation' },
      { action: LEAVE_ACTION.REJECT_CANCELLATION, title: 'Reject the cancellation', verb: 'Reject cancellation' },
    ];
  return [];
}

export function LeaveRequestsTable({ mode }: { mode: 'mine' | 'pending' }) {
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const [leaveId, setLeaveId] = useState<number | undefined>(undefined);
  const [acting, setActing] = useState<PendingAction | null>(null);
  const [history, setHistory] = useState<LeaveRequest | null>(null);
  const types = useLeaveTypes();
  const query = useLeaveRequests(mode, page, leaveId);
  const label = mode === 'mine' ? 'My leave requests' : 'Pending approvals';
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / LEAVE_PAGE_SIZE));
  const items = query.data?.items ?? [];

  const columns: Column<LeaveRequest>[] = [
    ...(mode === 'pending'
      ? [{ key: 'employee', label: 'Employee', className: styles.nowrap, render: (r: LeaveRequest) => r.employee.name }]
      : []),
    {
      key: 'type',
      label: 'Leave type',
      render: (r) => (
        <span className={styles.type}>
          <LeaveIcon icon={r.leaveType.icon} />
          {r.leaveType.name}
        </span>
      ),
    },
    {
      key: 'dates',
      label: 'Dates',
      className: styles.nowrap,
      render: (r) => (
        <>
          {formatDay(r.startDate)}
          {r.endDate !== r.startDate ? ` – ${formatDay(r.endDate)}` : ''}
        </>
      ),
    },
    { key: 'days', label: 'Days', render: (r) => r.days },
    { key: 'status', label: 'Status', render: (r) => <StatusBadge status={r.status} label={r.statusLabel} /> },
    {
      key: 'reason',
      label: 'Reason',
      render: (r) => (
        <Text className={styles.reason} truncate wrap={false} title={r.reason}>
          {r.reason}
        </Text>
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (r) => (
        <div className={styles.actions}>
          <Button size="small" appearance="subtle" icon={<HistoryRegular />} onClick={() => setHistory(r)}>
            Details
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
              {a.verb}
            </Button>
          ))}
        </div>
      ),
    },
  ];

  return (
    <section className={styles.root} aria-label={label}>
      <div className={styles.toolbar}>
        <Dropdown
          aria-label="Leave type"
          value={types.data?.find((t) => t.id === leaveId)?.name ?? 'All leave types'}
          selectedOptions={[leaveId ? String(leaveId) : 'all']}
          onOptionSelect={(_, d) => {
            setLeaveId(d.optionValue === 'all' ? undefined : Number(d.optionValue));
            setPage(1);
          }}
        >
          <Option value="all">All leave types</Option>
          {(types.data ?? []).map((t) => (
            <Option key={t.id} value={String(t.id)}>
              {t.name}
            </Option>
          ))}
        </Dropdown>
      </div>
      {query.isError ? <QueryError error={query.error} onRetry={query.refetch} className={styles.message} /> : null}
      {query.isSuccess && total === 0 ? (
        <EmptyState
          icon={<ClipboardTaskListLtrRegular />}
          title={mode === 'mine' ? 'No leave requests yet' : 'Nothing waits for you'}
        >
          {mode === 'mine'
            ? 'Requests you send appear here with their status.'
            : 'Requests of your team members and, for HR, of everyone appear here when they need your decision.'}
        </EmptyState>
      ) : (
        <div className={styles.scroll}>
          <StaticTable
            label={label}
            className={styles.table}
            shadedHeader
            rows={items}
            rowKey={(r) => r.id}
            rowProps={(r) => ({ 'data-request-id': r.id })}
            loading={query.isPending}
            busy={query.isFetching}
            columns={columns}
          />
        </div>
      )}
      <div className={styles.pager}>
        <Text aria-live="polite">
          Page {page} of {pages} · {total} request{total === 1 ? '' : 's'}
        </Text>
        <PageButtons page={page} pages={pages} onPage={setPage} />
      </div>
      {acting ? <LeaveActionDialog pending={acting} onClose={() => setActing(null)} /> : null}
      {history ? <HistoryDialog request={history} onClose={() => setHistory(null)} /> : null}
    </section>
  );
}

function HistoryDialog({ request, onClose }: { request: LeaveRequest; onClose: () => void }) {
  const styles = useStyles();
  const who = (e: LeaveRequest['events'][number]) =>
    e.actor?.name ?? (e.actorRole === 'system' ? 'Teambeat (automatic)' : 'Someone');
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>
            {request.leaveType.name}, {formatDay(request.startDate)}
            {request.endDate !== request.startDate ? ` – ${formatDay(request.endDate)}` : ''}
          </DialogTitle>
          <DialogContent>
            <Text block>
              {request.employee.name} · {request.days} working day{request.days === 1 ? '' : 's'} ·{' '}
              <StatusBadge status={request.status} label={request.statusLabel} />
            </Text>
            <ol aria-label="History">
              {request.events.map((e, i) => (
                <li key={i} className={styles.event}>
                  <Text weight="semibold">
                    {LEAVE_STATUS_LABELS[e.toStatus]} · {who(e)} ({e.actorRole})
                  </Text>
                  <Text className={styles.muted}>{formatInstant(e.at)}</Text>
                  {e.reason ? <Text>“{e.reason}”</Text> : null}
                </li>
              ))}
            </ol>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
