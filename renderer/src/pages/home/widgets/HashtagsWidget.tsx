/**
 * Hashtags: the most used of the last 90 days, and a search by the start of a tag. Emptying the search
 * box clears its results without asking the server (spec §5) and shows the most used again.
 */
import { makeStyles, mergeClasses, SearchBox, Text, tokens } from '@fluentui/react-components';
import { NumberSymbolRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import type { HashtagList } from '../../../../../shared/contracts/home';
import { hashtagSearchText } from '../../../../../shared/home';
import { useHashtagSearch, useTopHashtags } from '../../../api/hooks/home';
import { QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n';
import { QueryBody, useWidgetStyles, WidgetCard } from './WidgetCard';

/** Typing settles for this long before a search is sent. */
const SEARCH_DELAY_MS = 250;

const useStyles = makeStyles({
  tags: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalS,
  },
  tag: {
    display: 'inline-flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  own: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground2 },
});

function Tags({ list, label }: { list: HashtagList; label: string }) {
  const styles = { ...useWidgetStyles(), ...useStyles() };
  const { t } = useTranslation('home');
  return (
    <ul className={styles.tags} aria-label={label}>
      {list.items.map((h) => (
        <li
          key={h.tag}
          className={mergeClasses(styles.tag, h.own && styles.own)}
          title={h.own ? t('widgets.hashtags.own') : undefined}
        >
          <Text weight="semibold">#{h.tag}</Text>
          <Text size={200}>{t('widgets.hashtags.uses', { count: h.uses })}</Text>
        </li>
      ))}
    </ul>
  );
}

export function HashtagsWidget() {
  const styles = useWidgetStyles();
  const { t } = useTranslation('home');
  const [text, setText] = useState('');
  const [settled, setSettled] = useState('');
  // Typing waits a moment so each key is not a request; an empty box clears at once, asking nothing.
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const searched = hashtagSearchText(text) === '' ? '' : settled;
  const top = useTopHashtags();
  const search = useHashtagSearch(searched);
  const prefix = hashtagSearchText(searched);
  const title = t('widgets.hashtags.title');
  return (
    <WidgetCard title={title} icon={<NumberSymbolRegular />}>
      <SearchBox
        aria-label={t('widgets.hashtags.search')}
        placeholder={t('widgets.hashtags.placeholder')}
        value={text}
        onChange={(_, data) => setText(data.value)}
      />
      {prefix === '' ? (
        <QueryBody query={top} title={title} isEmpty={(l) => l.items.length === 0} empty={t('widgets.hashtags.empty')}>
          {(list) => <Tags list={list} label={t('widgets.hashtags.top')} />}
        </QueryBody>
      ) : (
        <QueryState
          query={search}
          label={t('widgets.loading', { widget: title })}
          skeleton
          isEmpty={(l) => l.items.length === 0}
          empty={<Text className={styles.empty}>{t('widgets.hashtags.noMatch', { text: prefix })}</Text>}
        >
          {(list) => <Tags list={list} label={t('widgets.hashtags.results', { text: prefix })} />}
        </QueryState>
      )}
    </WidgetCard>
  );
}
