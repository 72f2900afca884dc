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
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '../../api/errors';
import { PageHeader } from '../../components/PageHeader';
import { useLeaveDetails } from '../../api/hooks/leave';
import { usePermissions } from '../../api/hooks/me';
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
});

function BalanceSummary() {
  const styles = useStyles();
  const { t } = useTranslation('leave');
  const format = useFormat();
  const details = useLeaveDetails();
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
                    : t('balance.left', { remaining: type.remaining, quota: type.yearlyQuota, pending: type.pending })}
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
  const { t } = useTranslation('leave');
  const permissions = usePermissions();
  const canRequest = permissions.has('request-leave');
  const canApprove = permissions.has('approve-leave');
  // The tab is in the address, so a notification's link (/leave?tab=pending) opens the approvals.
  const [params, setParams] = useSearchParams();
  const tab: 'mine' | 'pending' = canApprove && params.get('tab') === 'pending' ? 'pending' : 'mine';
  const [requesting, setRequesting] = useState(false);

  return (
    <>
      <PageHeader
        title={t('leavePage.title')}
        subtitle={t('leavePage.subtitle')}
        actions={
          canRequest ? (
            <Button appearance="primary" icon={<CalendarAddRegular />} onClick={() => setRequesting(true)}>
              {t('leavePage.requestLeave')}
            </Button>
          ) : null
        }
      />
      <BalanceSummary />
      {canApprove ? (
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
      <LeaveRequestsTable key={tab} mode={canApprove ? tab : 'mine'} />
      {requesting ? <RequestLeaveDialog onClose={() => setRequesting(false)} /> : null}
    </>
  );
}
