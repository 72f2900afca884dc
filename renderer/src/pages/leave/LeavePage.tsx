/**
 * Leave (/leave): the balance of this year, my requests, and, for approvers, what waits for their
 * decision. Request leave opens the dialog with the date rules of shared/leave.ts. HR and leads pick
 * another employee they may see (as on the month view) and read that employee's balance and requests.
 */
import {
  Button,
  Card,
  Combobox,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Option,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveDetails, useLeaveEmployees } from '../../api/hooks/leave';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { LeaveRequestsTable } from './LeaveRequestsTable';
import { RequestLeaveDialog } from './RequestLeaveDialog';
import { LeaveIcon } from './leave-ui';

const useStyles = makeStyles({
  totals: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  total: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalXXS },
  number: { fontSize: tokens.fontSizeHero800, lineHeight: tokens.lineHeightHero800, fontWeight: 600 },
  muted: { color: tokens.colorNeutralForeground3 },
  types: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(230px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  type: { display: 'flex', flexDirection: 'row', alignItems: 'center', gap: tokens.spacingHorizontalM },
  typeIcon: {
    display: 'grid',
    placeItems: 'center',
    width: '40px',
    height: '40px',
    flexShrink: 0,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: '20px',
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
  },
  typeText: { display: 'flex', flexDirection: 'column' },
  tabs: { marginBottom: tokens.spacingVerticalM },
  headerActions: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalM },
});

function BalanceSummary({ employeeId }: { employeeId?: number | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const format = useFormat();
  const details = useLeaveDetails(employeeId);
  if (details.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(details.error)}</MessageBarBody>
      </MessageBar>
    );
  const d = details.data;
  const totals = [
    [t('balance.remaining'), d?.remainingLeaves, 'remaining'],
    [t('balance.taken'), d?.totalLeavesTaken, 'taken'],
    [t('balance.booked'), d?.totalLeavesBooked, 'booked'],
    [t('balance.pending'), d?.pendingLeaveCount, 'pending'],
    [t('balance.quota'), d?.totalQuota, 'quota'],
    [t('balance.absents'), d?.absents, 'absents'],
  ] as const;
  return (
    <section aria-label={d?.year ? t('balance.labelYear', { year: d.year }) : t('balance.label')}>
      <div className={styles.totals}>
        {totals.map(([label, value, key]) => (
          <Card key={key} className={styles.total} data-testid={`balance-${key}`}>
            <Text className={styles.muted}>{label}</Text>
            {value === undefined ? (
              <Skeleton>
                <SkeletonItem size={32} />
              </Skeleton>
            ) : (
              <Text className={styles.number}>{format.number(value)}</Text>
            )}
          </Card>
        ))}
      </div>
      <div className={styles.types}>
        {(d?.leaveTypes ?? [])
          .filter((type) => type.isActive)
          .map((type) => (
            <Card key={type.id} className={styles.type} data-testid={`balance-type-${type.id}`}>
              <span className={styles.typeIcon}>
                <LeaveIcon icon={type.icon} />
              </span>
              <span className={styles.typeText}>
                <Text weight="semibold">{type.name}</Text>
                <Text className={styles.muted}>
                  {type.remaining === null
                    ? t('balance.unpaid', { taken: type.taken })
                    : type.earned !== null
                      ? t('balance.compensatory', {
                          earned: type.earned,
                          taken: type.taken + type.booked,
                          remaining: type.remaining,
                          pending: type.pending,
                        })
                      : type.booked > 0
                        ? t('balance.leftBooked', {
                            remaining: type.remaining,
                            quota: type.yearlyQuota,
                            booked: type.booked,
                            pending: type.pending,
                          })
                        : t('balance.left', {
                            remaining: type.remaining,
                            quota: type.yearlyQuota,
                            pending: type.pending,
                          })}
                </Text>
              </span>
            </Card>
          ))}
      </div>
    </section>
  );
}

/** Whose leave the page shows: HR and leads pick among the employees they may see. */
function EmployeePicker({ value, onChange }: { value: number; onChange: (id: number) => void }) {
  const { t } = useTranslation(['leave', 'common']);
  const me = useMe()!;
  const employees = useLeaveEmployees(true);
  const [search, setSearch] = useState<string | null>(null);
  const current = employees.data?.find((e) => e.id === value)?.name ?? me.employee.name;
  const matches = (employees.data ?? []).filter((e) =>
    search === null ? true : e.name.toLowerCase().includes(search.toLowerCase()),
  );
  return (
    <Field label={t('leavePage.employee')}>
      <Combobox
        aria-label={t('leavePage.employee')}
        expandIcon={{ 'aria-label': t('common:actions.showOptions') }}
        value={search ?? current}
        selectedOptions={[String(value)]}
        onChange={(e) => setSearch(e.target.value)}
        onOptionSelect={(_, d) => {
          // Typing clears the selection (an event without a value): the search goes on.
          if (!d.optionValue) return;
          onChange(Number(d.optionValue));
          setSearch(null);
        }}
        onBlur={() => setSearch(null)}
        placeholder={employees.isPending ? t('common:states.loading') : t('leavePage.searchByName')}
      >
        {matches.slice(0, 100).map((e) => (
          <Option key={e.id} value={String(e.id)} text={e.name}>
            {e.isActive ? e.name : t('leavePage.inactive', { name: e.name })}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

export function LeavePage() {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const me = useMe()!;
  const permissions = usePermissions();
  const canRequest = permissions.has('request-leave');
  const canApprove = permissions.has('approve-leave');
  const canPick =
    permissions.has('view-team-member-leave-requests') ||
    permissions.has('view-all-leave-requests') ||
    permissions.has('view-all-employee-leave-requests');
  // The tab and the employee are in the address, so a notification's link (/leave?tab=pending) opens the
  // approvals and a reload keeps the employee chosen.
  const [params, setParams] = useSearchParams();
  const picked = Number(params.get('employee'));
  const employeeId = canPick && Number.isInteger(picked) && picked > 0 ? picked : me.employee.id;
  const other = employeeId === me.employee.id ? undefined : employeeId;
  const employees = useLeaveEmployees(canPick);
  const otherName = employees.data?.find((e) => e.id === other)?.name ?? '';
  const tab: 'mine' | 'pending' = canApprove && !other && params.get('tab') === 'pending' ? 'pending' : 'mine';
  const [requesting, setRequesting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('leavePage.title')}
        subtitle={other ? t('leavePage.subtitleOther', { name: otherName }) : t('leavePage.subtitle')}
        actions={
          <div className={styles.headerActions}>
            {canPick ? (
              <EmployeePicker
                value={employeeId}
                onChange={(id) => setParams(id === me.employee.id ? {} : { employee: String(id) }, { replace: true })}
              />
            ) : null}
            {canRequest && !other ? (
              <Button appearance="primary" icon={<CalendarAddRegular />} onClick={() => setRequesting(true)}>
                {t('leavePage.requestLeave')}
              </Button>
            ) : null}
          </div>
        }
      />
      <BalanceSummary employeeId={other} />
      {canApprove && !other ? (
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => setParams(d.value === 'pending' ? { tab: 'pending' } : {}, { replace: true })}
          aria-label={t('leavePage.lists')}
        >
          <Tab value="mine">{t('leavePage.mine')}</Tab>
          <Tab value="pending">{t('leavePage.pending')}</Tab>
        </TabList>
      ) : null}
      {other ? (
        <LeaveRequestsTable key={`employee-${other}`} mode="employee" employee={{ id: other, name: otherName }} />
      ) : (
        <LeaveRequestsTable key={tab} mode={canApprove ? tab : 'mine'} />
      )}
      {requesting ? <RequestLeaveDialog onClose={() => setRequesting(false)} /> : null}
    </>
  );
}
