/** First, previous, next and last page buttons, for every paged list (DataTable and the lists that page by hand). */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
});

export function PageButtons({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('common');
  return (
    <div className={styles.buttons}>
      <Button
        appearance="subtle"
        icon={<ChevronDoubleLeftRegular />}
        aria-label={t('pager.first')}
        disabled={page <= 1}
        onClick={() => onPage(1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label={t('pager.previous')}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label={t('pager.next')}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronDoubleRightRegular />}
        aria-label={t('pager.last')}
        disabled={page >= pages}
        onClick={() => onPage(pages)}
      />
    </div>
  );
}
