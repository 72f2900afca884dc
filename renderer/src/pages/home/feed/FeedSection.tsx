/**
 * Home's news feed (docs/recognition.md "News feed"): shown to holders of view-badges while the company's
 * feedTypes name a kind of post. Announcers get the composer; reviewers (flag-feedback) a second tab with
 * the reported posts waiting for them.
 */
import { makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useFeed, useReportedPosts } from '../../../api/hooks/feed';
import { useTranslation } from '../../../i18n';
import { AnnouncementComposer } from './AnnouncementComposer';
import { PostList } from './PostList';
import { useFeedShown } from './shown';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, minWidth: 0 },
  head: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
});

function ReportedPosts() {
  const { t } = useTranslation('feed');
  return <PostList query={useReportedPosts(true)} empty={t('reportedEmpty')} />;
}

function AllPosts() {
  const { t } = useTranslation('feed');
  return <PostList query={useFeed(null)} empty={t('empty')} emptyHint={t('emptyHint')} />;
}

export function FeedSection() {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const { shown, canAnnounce, canReview } = useFeedShown();
  const [tab, setTab] = useState<'all' | 'reported'>('all');
  if (!shown) return null;
  return (
    <section className={styles.section} aria-labelledby="news-feed-title">
      <div className={styles.head}>
        <Text as="h2" id="news-feed-title" size={500} weight="semibold">
          {t('title')}
        </Text>
        {canReview ? (
          <TabList
            size="small"
            aria-label={t('tabs.label')}
            selectedValue={tab}
            onTabSelect={(_, data) => setTab(data.value === 'reported' ? 'reported' : 'all')}
          >
            <Tab value="all">{t('tabs.all')}</Tab>
            <Tab value="reported">{t('tabs.reported')}</Tab>
          </TabList>
        ) : null}
      </div>
      {tab === 'all' ? (
        <>
          {canAnnounce ? <AnnouncementComposer /> : null}
          <AllPosts />
        </>
      ) : (
        <ReportedPosts />
      )}
    </section>
  );
}
