/**
 * "Show more" under a list read a page at a time (spec §4: lists are appended, not paged through): nothing
 * once the last page is there, disabled while the next one loads (saying so when `loading` is given).
 * Every appended list of the app uses it: feedback, the feed, comments, likes, videos, the Home widgets
 * and the team statistics.
 */
import { Button, type ButtonProps } from '@fluentui/react-components';

export type NextPages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

export function ShowMore({
  query,
  label,
  loading,
  appearance,
  size,
  className,
}: {
  query: NextPages;
  label: string;
  /** Said on the button while the next page loads; the label stays when not given. */
  loading?: string | undefined;
  appearance?: ButtonProps['appearance'];
  size?: ButtonProps['size'];
  /** A wrapper around the button (a row of its own), when given. */
  className?: string | undefined;
}) {
  if (!query.hasNextPage) return null;
  const button = (
    <Button
      appearance={appearance}
      size={size}
      disabled={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {query.isFetchingNextPage && loading ? loading : label}
    </Button>
  );
  return className ? <div className={className}>{button}</div> : button;
}
