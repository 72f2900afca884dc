/**
 * A post's likes: the caller's like as a split button (the button likes or takes the like back, its menu
 * picks a type), the count with the types used, and who liked it in a dialog. Optimistic through
 * `useLikePost` (docs/recognition.md "Likes and comments").
 */
import {
  Button,
  Dialog,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Spinner,
  SplitButton,
  Tab,
  TabList,
  Text,
  tokens,
  type MenuButtonProps,
} from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import type { FeedPost } from '../../../../../shared/contracts/feed';
import { LIKE_EMOJI, LIKE_TYPES, type LikeType } from '../../../../../shared/feed';
import { useFeedLikes, useLikePost } from '../../../api/hooks/feed';
import { QueryError } from '../../../components/QueryState';
import { useFormat, useTranslation } from '../../../i18n';
import { PersonLink, useLikeLabel } from './parts';
import { ShowMore } from '../../../components/ShowMore';

const useStyles = makeStyles({
  liked: { color: tokens.colorBrandForeground1, fontWeight: tokens.fontWeightSemibold },
  summary: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  emojis: { letterSpacing: '-2px' },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  row: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: '440px', width: '100%' },
  title: { display: 'flex', justifyContent: 'space-between', alignItems: 'center' },
});

/** The caller's like: a click likes (👍) or takes it back; the menu chooses the type. */
export function LikeButton({ post }: { post: FeedPost }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const label = useLikeLabel();
  const like = useLikePost();
  const mine = post.currentUserLike?.type ?? null;
  const set = (type: LikeType | null) => like.mutate({ postId: post.id, type });
  return (
    <Menu positioning="above-start">
      <MenuTrigger disableButtonEnhancement>
        {(trigger: MenuButtonProps) => (
          <SplitButton
            appearance="subtle"
            size="small"
            menuButton={{ ...trigger, 'aria-label': t('likes.choose') }}
            primaryActionButton={{ onClick: () => set(mine ? null : 'like'), 'aria-pressed': mine !== null }}
            className={mine ? styles.liked : undefined}
          >
            {mine ? label(mine) : `${LIKE_EMOJI.like} ${t('likes.action')}`}
          </SplitButton>
        )}
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {LIKE_TYPES.map((type) => (
            <MenuItem key={type} onClick={() => set(type)}>
              {label(type)}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The count and the types used; opens the list of who liked. */
export function LikeSummary({ post }: { post: FeedPost }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const [open, setOpen] = useState(false);
  if (post.likeCount === 0) return <span />;
  return (
    <>
      <Button appearance="transparent" size="small" onClick={() => setOpen(true)}>
        <span className={styles.summary}>
          <span className={styles.emojis} aria-hidden>
            {post.likeTypes
              .slice(0, 3)
              .map((l) => LIKE_EMOJI[l.type])
              .join('')}
          </span>
          {t('likes.count', { count: post.likeCount })}
        </span>
      </Button>
      {open ? <LikesDialog post={post} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function LikesDialog({ post, onClose }: { post: FeedPost; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['feed', 'common']);
  const fmt = useFormat();
  const [type, setType] = useState<LikeType | null>(null);
  const likes = useFeedLikes(post.id, type, true);
  const items = likes.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle
            action={
              <Button
                appearance="subtle"
                icon={<DismissRegular />}
                aria-label={t('common:actions.close')}
                onClick={onClose}
              />
            }
          >
            {t('likes.listTitle')}
          </DialogTitle>
          <DialogContent>
            <TabList
              size="small"
              selectedValue={type ?? 'all'}
              onTabSelect={(_, data) => setType(data.value === 'all' ? null : (data.value as LikeType))}
            >
              <Tab value="all">{`${t('likes.all')} ${post.likeCount}`}</Tab>
              {post.likeTypes.map((l) => (
                <Tab key={l.type} value={l.type} aria-label={t(`likes.types.${l.type}`)}>
                  {`${LIKE_EMOJI[l.type]} ${l.count}`}
                </Tab>
              ))}
            </TabList>
            {likes.isError ? <QueryError error={likes.error} onRetry={likes.refetch} /> : null}
            {likes.isPending ? <Spinner size="small" label={t('likes.loading')} /> : null}
            <ul className={styles.list}>
              {items.map((l) => (
                <li key={l.employee.id} className={styles.row}>
                  <PersonLink person={l.employee} avatar={32} />
                  <Text className={styles.muted}>
                    <span aria-label={t(`likes.types.${l.type}`)}>{LIKE_EMOJI[l.type]}</span>{' '}
                    {fmt.relative(l.createdAt)}
                  </Text>
                </li>
              ))}
            </ul>
            <ShowMore query={likes} label={t('likes.more')} appearance="transparent" />
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
