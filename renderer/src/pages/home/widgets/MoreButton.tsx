/** "Show more" under a paged widget list: the next page of 20 is appended (spec §4). */
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../../../i18n';

export function MoreButton({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
}) {
  const { t } = useTranslation('home');
  if (!query.hasNextPage) return null;
  return (
    <Button
      appearance="subtle"
      size="small"
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {t('widgets.more')}
    </Button>
  );
}
