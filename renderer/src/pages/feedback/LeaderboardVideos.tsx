/**
 * The leaderboard's videos (docs/recognition.md "Leaderboard videos"): the approved, active videos of the
 * view (every one on Company and Team, the category's or attribute's on Category and Attribute), 5 a page
 * with "Show more"; a hashtag narrows them (the drilled view, `hashtag` in the address); `video` in the
 * address opens one with its sidebar (likes, comments). A video already in the list opens at once; one
 * opened from a link is fetched first.
 */
import { Button, Card, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { HeartFilled, HeartRegular, VideoClipRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LeaderboardVideo } from '../../../../shared/contracts/leaderboard-videos';
import type { LeaderboardKind } from '../../../../shared/leaderboards';
import {
  useCommentVideo,
  useLeaderboardVideo,
  useLeaderboardVideos,
  useLikeVideo,
  useVideoComments,
  type VideoFilter,
} from '../../api/hooks/leaderboard-videos';
import { DialogFrame } from '../../components/DialogFrame';
import { EmptyState } from '../../components/EmptyState';
import { QueryError } from '../../components/QueryState';
import { VideoPlayer } from '../../components/VideoPlayer';
import { useTranslation } from '../../i18n';
import { ShowMore } from '../../components/ShowMore';

const useStyles = makeStyles({
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
    gap: tokens.spacingHorizontalM,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  open: { padding: 0, minWidth: 0, width: '100%', display: 'block' },
  preview: { width: '100%', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  tags: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  dialog: { maxWidth: '960px', width: '90vw' },
  watch: { display: 'grid', gridTemplateColumns: 'minmax(0, 2fr) minmax(220px, 1fr)', gap: tokens.spacingHorizontalL },
  sidebar: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  comments: { listStyle: 'none', margin: 0, padding: 0, maxHeight: '320px', overflowY: 'auto' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function LeaderboardVideos({ kind, id }: { kind: LeaderboardKind; id: number | undefined }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const [params, setParams] = useSearchParams();
  const hashtag = params.get('hashtag') ?? undefined;
  const openId = Number(params.get('video')) || undefined;
  const filter: VideoFilter = {
    ...(hashtag ? { hashtag } : {}),
    ...(kind === 'category' && id !== undefined ? { categoryId: id } : {}),
    ...(kind === 'attribute' && id !== undefined ? { attributeId: id } : {}),
  };
  const list = useLeaderboardVideos(filter);
  const videos = list.data?.pages.flatMap((p) => p.items) ?? [];
  const set = (key: string, value: string | null) =>
    setParams((next) => {
      if (value === null) next.delete(key);
      else next.set(key, value);
      return next;
    });
  return (
    <section className={styles.section} aria-label={t('videos.label')}>
      <Text as="h2" size={500} weight="semibold">
        {hashtag ? t('videos.drilled', { tag: hashtag.replace(/^#/, '') }) : t('videos.title')}
      </Text>
      {hashtag ? (
        <div>
          <Button size="small" onClick={() => set('hashtag', null)}>
            {t('videos.clear')}
          </Button>
        </div>
      ) : null}
      {list.isError ? <QueryError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.isPending ? <Spinner label={t('videos.loading')} /> : null}
      {list.data && videos.length === 0 ? <EmptyState icon={<VideoClipRegular />} title={t('videos.empty')} /> : null}
      <ul className={styles.grid}>
        {videos.map((video) => (
          <li key={video.id}>
            <Card>
              <Button
                appearance="transparent"
                className={styles.open}
                aria-label={t('videos.open', { title: video.title })}
                onClick={() => set('video', String(video.id))}
              >
                {video.preview ? <img className={styles.preview} src={video.preview} alt={video.title} /> : video.title}
              </Button>
              <Text weight="semibold">{video.title}</Text>
              <Tags video={video} onTag={(tag) => set('hashtag', tag)} />
            </Card>
          </li>
        ))}
      </ul>
      <ShowMore query={list} label={t('videos.more')} />
      {openId !== undefined ? (
        <VideoDialog
          id={openId}
          loaded={videos.find((v) => v.id === openId)}
          onTag={(tag) => setParams((next) => (next.delete('video'), next.set('hashtag', tag), next))}
          onClose={() => set('video', null)}
        />
      ) : null}
    </section>
  );
}

function Tags({ video, onTag }: { video: LeaderboardVideo; onTag: (tag: string) => void }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  return (
    <div className={styles.tags}>
      {video.hashtags.map((tag) => (
        <Button
          key={tag}
          size="small"
          appearance="subtle"
          aria-label={t('videos.tag', { tag })}
          onClick={() => onTag(tag)}
        >
          #{tag}
        </Button>
      ))}
    </div>
  );
}

function VideoDialog({
  id,
  loaded,
  onTag,
  onClose,
}: {
  id: number;
  loaded: LeaderboardVideo | undefined;
  onTag: (tag: string) => void;
  onClose: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  // The spec's opener: shown at once when the list holds it, fetched first when opened from a link.
  const fetched = useLeaderboardVideo(id, loaded === undefined);
  const video = loaded ?? fetched.data;
  return (
    <DialogFrame
      open
      title={video?.title ?? t('videos.title')}
      onClose={onClose}
      surfaceClassName={styles.dialog}
      actions={<Button onClick={onClose}>{t('videos.close')}</Button>}
    >
      {video ? (
        <div className={styles.watch}>
          <div>
            <VideoPlayer video={video} autoPlay />
            <Tags video={video} onTag={onTag} />
          </div>
          <Sidebar video={video} />
        </div>
      ) : fetched.isError ? (
        <Text>{t('videos.notFound')}</Text>
      ) : (
        <Spinner label={t('videos.loading')} />
      )}
    </DialogFrame>
  );
}

function Sidebar({ video }: { video: LeaderboardVideo }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  const like = useLikeVideo();
  const comments = useVideoComments(video.id);
  const send = useCommentVideo(video);
  const [text, setText] = useState('');
  const liked = video.currentUserLike !== null;
  const items = comments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <aside className={styles.sidebar} aria-label={t('videos.comments')}>
      {video.uploadedBy ? (
        <Text className={styles.muted}>{t('videos.by', { name: video.uploadedBy.name })}</Text>
      ) : null}
      <div>
        <Button
          icon={liked ? <HeartFilled /> : <HeartRegular />}
          aria-pressed={liked}
          disabled={like.isPending}
          onClick={() => like.mutate({ video, type: liked ? null : 'like' })}
        >
          {liked ? t('videos.unlike') : t('videos.like')}
        </Button>{' '}
        <Text>{t('videos.likes', { count: video.likeCount })}</Text>
      </div>
      <Text weight="semibold">{t('videos.comments')}</Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim() === '') return;
          // The box empties at once (the comment shows as sending); a refusal gives the text back.
          const sent = text;
          send.mutate(sent.trim(), { onError: () => setText((now) => (now === '' ? sent : now)) });
          setText('');
        }}
      >
        <Input aria-label={t('videos.comment')} value={text} onChange={(_, d) => setText(d.value)} />{' '}
        <Button type="submit" disabled={send.isPending}>
          {t('videos.send')}
        </Button>
      </form>
      {comments.isPending ? <Spinner size="tiny" /> : null}
      {comments.data && items.length === 0 ? <Text className={styles.muted}>{t('videos.noComments')}</Text> : null}
      <ul className={styles.comments}>
        {items.map((c) => (
          <li key={c.id}>
            <Text weight="semibold">{c.author.name}</Text> <Text>{c.comment}</Text>
            {c.id < 0 ? <Text className={styles.muted}> {t('videos.sending')}</Text> : null}
          </li>
        ))}
      </ul>
      <ShowMore query={comments} label={t('videos.moreComments')} size="small" />
    </aside>
  );
}
