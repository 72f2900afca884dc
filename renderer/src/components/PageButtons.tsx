/** First, previous, next and last page buttons, for every paged list (DataTable and the lists that page by hand). */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import {
  ChevronDoubleLeftRegular,
  ChevronDoubleRightRegular,
  ChevronLeftRegular,
  ChevronRightRegular,
} from '@fluentui/react-icons';

const useStyles = makeStyles({
  buttons: { display: 'flex', gap: tokens.spacingHorizontalXXS },
});

export function PageButtons({ page, pages, onPage }: { page: number; pages: number; onPage: (page: number) => void }) {
  const styles = useStyles();
  return (
    <div className={styles.buttons}>
      <Button
        appearance="subtle"
        icon={<ChevronDoubleLeftRegular />}
        aria-label="First page"
        disabled={page <= 1}
        onClick={() => onPage(1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronLeftRegular />}
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronRightRegular />}
        aria-label="Next page"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      />
      <Button
        appearance="subtle"
        icon={<ChevronDoubleRightRegular />}
        aria-label="Last page"
        disabled={page >= pages}
        onClick={() => onPage(pages)}
      />
    </div>
  );
}
