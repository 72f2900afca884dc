/**
 * What a page shows for one query: a spinner (or skeleton lines) with a label while it loads, the error
 * with a Retry button when it failed, its empty state when the data holds nothing to show, and its content
 * once there is data. A failed refetch keeps the data it had on screen under the error.
 */
import {
  Button,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Skeleton,
  SkeletonItem,
  Spinner,
  tokens,
  type SpinnerProps,
} from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { errorMessage } from '../api/errors';
import { useTranslation } from '../i18n';

export type QueryLike<T> = {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
};

export function QueryError({
  error,
  onRetry,
  className,
}: {
  error: unknown;
  onRetry: () => unknown;
  className?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <MessageBar intent="error" className={className}>
      <MessageBarBody>{errorMessage(error)}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={() => void onRetry()}>{t('actions.retry')}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

export function QueryState<T>({
  query,
  label,
  size,
  skeleton = false,
  errorClassName,
  loadingClassName,
  isEmpty,
  empty,
  children,
}: {
  query: QueryLike<T>;
  /** The spinner's label while loading (the accessible name of the skeleton). */
  label: string;
  size?: SpinnerProps['size'];
  /** Three skeleton lines instead of a spinner. */
  skeleton?: boolean;
  errorClassName?: string;
  /** A box around the spinner (e.g. one that keeps the height of what is loading). */
  loadingClassName?: string;
  /** The data holds nothing to show: `empty` shows instead of the content. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** Without it only the loading and error states show (the page reads the data itself). */
  children?: (data: T) => ReactNode;
}) {
  return (
    <>
      {query.isError ? <QueryError error={query.error} onRetry={query.refetch} className={errorClassName} /> : null}
      {query.isPending && !query.isError ? (
        skeleton ? (
          <Skeleton aria-label={label} style={{ padding: tokens.spacingHorizontalL }}>
            <SkeletonItem size={16} />
            <SkeletonItem size={16} />
            <SkeletonItem size={16} />
          </Skeleton>
        ) : loadingClassName ? (
          <div className={loadingClassName}>
            <Spinner size={size} label={label} />
          </div>
        ) : (
          <Spinner size={size} label={label} />
        )
      ) : null}
      {query.data === undefined ? null : isEmpty?.(query.data) ? empty : children ? children(query.data) : null}
    </>
  );
}
