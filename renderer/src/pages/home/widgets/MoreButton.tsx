/** "Show more" under a paged widget list: the next page of 20 is appended (spec §4). */
import { ShowMore, type NextPages } from '../../../components/ShowMore';
import { useTranslation } from '../../../i18n';

export function MoreButton({ query }: { query: NextPages }) {
  const { t } = useTranslation('home');
  return <ShowMore query={query} label={t('widgets.more')} appearance="subtle" size="small" />;
}
