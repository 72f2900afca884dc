/**
 * The frame of the feedback area's pages: their tab strips, each tab its own route (one's own feedback:
 * Received, Given, Overview, Leaderboard; My team: Received, Given, Responsibility matrix), and the bar of
 * filters above a page's content.
 */
import { makeStyles, mergeClasses, Tab, TabList, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import type { DateRangePreset } from '../../../../shared/date-range';
import { useNavigate } from 'react-router-dom';
import { usePermissions } from '../../api/hooks/me';
import { DateRangeFilter } from '../../components/DateRangeFilter';
import { useTranslation } from '../../i18n';
import { useOverviewParams } from './overview-parts';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  filters: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  // Fields of one height sit on one line by their inputs when some have labels and some not.
  bottom: { alignItems: 'flex-end' },
});

/** A tab of a strip: its path under the strip's base, and whether the caller is offered it. */
export type AreaTab = { value: string; label: string; shown: boolean };

/** A strip of tabs that are routes; the page's own tab shows whatever the others do. */
export function AreaTabs({ selected, base = '', tabs }: { selected: string; base?: string; tabs: AreaTab[] }) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <TabList
      className={styles.tabs}
      selectedValue={selected}
      onTabSelect={(_, d) => navigate(`${base}/${String(d.value)}`)}
    >
      {tabs
        .filter((tab) => tab.shown || tab.value === selected)
        .map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tab>
        ))}
    </TabList>
  );
}

/** Received, Given, Overview and Leaderboard, as the Overview and Leaderboard pages offer them. */
export function FeedbackTabs({ selected }: { selected: 'overview' | 'leaderboard' }) {
  const { t } = useTranslation(['feedback', 'feedbackOverview', 'leaderboards']);
  const permissions = usePermissions();
  return (
    <AreaTabs
      selected={selected}
      tabs={[
        { value: 'received', label: t('list.received'), shown: permissions.has('view-received-feedback') },
        { value: 'given', label: t('list.given'), shown: permissions.has('view-given-feedback') },
        { value: 'overview', label: t('feedbackOverview:tab'), shown: permissions.has('view-feedback-overview') },
        { value: 'leaderboard', label: t('leaderboards:tab'), shown: true },
      ]}
    />
  );
}

/** My team's Received, Given and Responsibility matrix, each offered with its route's permission. */
export function MyTeamTabs({ selected }: { selected: 'received' | 'given' | 'matrix' }) {
  const { t } = useTranslation(['feedback', 'feedbackMatrix']);
  const permissions = usePermissions();
  const feedback = permissions.has('view-team-member-dropdown') || permissions.has('view-all-employees-feedback');
  const matrix =
    permissions.has('view-responsibility-matrix') || permissions.has('download-responsibility-matrix-report');
  return (
    <AreaTabs
      selected={selected}
      base="/my-team"
      tabs={[
        { value: 'received', label: t('list.received'), shown: feedback },
        { value: 'given', label: t('list.given'), shown: feedback },
        { value: 'matrix', label: t('feedbackMatrix:tab'), shown: matrix },
      ]}
    />
  );
}

/** The filters above a page's content, a search landmark named by `label`. */
export function FilterBar({
  label,
  alignBottom = false,
  children,
}: {
  label: string;
  alignBottom?: boolean;
  children: ReactNode;
}) {
  const styles = useStyles();
  return (
    <div className={mergeClasses(styles.filters, alignBottom && styles.bottom)} role="search" aria-label={label}>
      {children}
    </div>
  );
}

/** The range of the overview and leaderboard pages, kept in the address; `presets` limits the choice. */
export function AddressRangeFilter({ presets }: { presets?: readonly DateRangePreset[] | undefined }) {
  const p = useOverviewParams();
  return (
    <DateRangeFilter
      key={`${p.range.preset}${p.range.from}`}
      value={p.range}
      today={p.today}
      onChange={p.setRange}
      presets={presets}
    />
  );
}
