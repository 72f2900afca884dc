/**
 * Leave (/leave): the balance of this year, my requests, and, for approvers, what waits for their
 * decision. Request leave opens the dialog with the date rules of shared/leave.ts.
 */
import {
  Button,
  Card,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Tab,
  TabList,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CalendarAddRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveDetails } from '../../api/hooks/leave';
import { usePermissions } from '../../api/hooks/me';
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
});

function BalanceSummary() {
  const styles = useStyles();
  const details = useLeaveDetails();
  if (details.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(details.error)}</MessageBarBody>
      </MessageBar>
    );
  const d = details.data;
  const totals = [
    ['Remaining', d?.remainingLeaves, 'remaining'],
    ['Taken', d?.totalLeavesTaken, 'taken'],
    ['Pending requests', d?.pendingLeaveCount, 'pending'],
    ['Yearly quota', d?.totalQuota, 'quota'],
    ['Absent days', d?.absents, 'absents'],
  ] as const;
  return (
    <section aria-label={`Leave balance ${d?.year ?? ''}`.trim()}>
      <div className={styles.totals}>
        {totals.map(([label, value, key]) => (
          <Card key={key} className={styles.total} data-testid={`balance-${key}`}>
            <Text className={styles.muted}>{label}</Text>
            {value === undefined ? (
              <Skeleton>
                <SkeletonItem size={32} />
              </Skeleton>
            ) : (
              <Text className={styles.number}>{value}</Text>
            )}
          </Card>
        ))}
      </div>
      <div className={styles.types}>
        {(d?.leaveTypes ?? [])
          .filter((t) => t.isActive)
          .map((t) => (
            <Card key={t.id} className={styles.type} data-testid={`balance-type-${t.id}`}>
              <span className={styles.typeIcon}>
                <LeaveIcon icon={t.icon} />
              </span>
              <span className={styles.typeText}>
                <Text weight="semibold">{t.name}</Text>
                <Text className={styles.muted}>
                  {t.remaining === null
                    ? `Unpaid · ${t.taken} taken`
                    : `${t.remaining} of ${t.yearlyQuota} left · ${t.pending} pending`}
                </Text>
              </span>
            </Card>
          ))}
      </div>
    </section>
  );
}

export function LeavePage() {
  const styles = useStyles();
  const permissions = usePermissions();
  const canRequest = permissions.has('request-leave');
  const canApprove = permissions.has('approve-leave');
  const [tab, setTab] = useState<'mine' | 'pending'>('mine');
  const [requesting, setRequesting] = useState(false);

  return (
    <>
      <PageHeader
        title="Leave"
        subtitle="Your balance this year, your requests and the approvals waiting for you."
        actions={
          canRequest ? (
            <Button appearance="primary" icon={<CalendarAddRegular />} onClick={() => setRequesting(true)}>
              Request leave
            </Button>
          ) : null
        }
      />
      <BalanceSummary />
      {canApprove ? (
        <TabList
          className={styles.tabs}
          selectedValue={tab}
          onTabSelect={(_, d) => setTab(d.value as 'mine' | 'pending')}
          aria-label="Leave lists"
        >
          <Tab value="mine">My requests</Tab>
          <Tab value="pending">Pending approvals</Tab>
        </TabList>
      ) : null}
      <LeaveRequestsTable key={tab} mode={canApprove ? tab : 'mine'} />
      {requesting ? <RequestLeaveDialog onClose={() => setRequesting(false)} /> : null}
    </>
  );
}
