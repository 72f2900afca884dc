/**
 * Feedback Management's Leaderboard Videos tab (view-leaderboard-video-management, docs/recognition.md
 * "Leaderboard videos"): uploading a video by file or address (upload-leaderboard-video), and every video of
 * the company with its status, approved or rejected after a confirmation and switched active or inactive
 * (update-leaderboard-video-status). The details are checked early with the server's shared rules.
 */
import {
  Badge,
  Button,
  Card,
  Dropdown,
  Field,
  Input,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { VideoClipRegular } from '@fluentui/react-icons';
import { useId, useState } from 'react';
import type { LeaderboardVideo } from '../../../../shared/contracts/leaderboard-videos';
import {
  checkVideoDetails,
  checkVideoFileSize,
  checkVideoUrl,
  VIDEO_ACCEPT,
  VIDEO_STATUSES,
  type VideoDecision,
  type VideoStatus,
} from '../../../../shared/leaderboard-videos';
import { fieldErrors } from '../../api/errors';
import {
  useAddVideoByUrl,
  useManagedVideos,
  useReviewVideo,
  useSetVideoActive,
  useUploadVideo,
} from '../../api/hooks/leaderboard-videos';
import { useLeaderboardChoices } from '../../api/hooks/leaderboards';
import { usePermissions } from '../../api/hooks/me';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { QueryError } from '../../components/QueryState';
import { StatusSwitch } from '../../components/StatusSwitch';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  stack: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  form: { display: 'grid', gap: tokens.spacingVerticalS, maxWidth: '560px' },
  row: {
    display: 'grid',
    gridTemplateColumns: '160px 1fr auto',
    gap: tokens.spacingHorizontalM,
    alignItems: 'center',
    padding: tokens.spacingVerticalS,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  preview: { width: '160px', aspectRatio: '16 / 9', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
});

const PAGE_SIZE = 10;
const STATUS_COLOR = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;
const splitTags = (text: string) => text.split(/[\s,]+/).filter((t) => t !== '');

/** Where a video shows on the leaderboard: every view, a category's or an attribute's (its category's too). */
type Place = { categoryId?: number; attributeId?: number };
const placeValue = (place: Place) =>
  place.attributeId !== undefined
    ? `a${place.attributeId}`
    : place.categoryId !== undefined
      ? `c${place.categoryId}`
      : '';

function PlacePicker({
  value,
  error,
  onChange,
}: {
  value: Place;
  error: string | undefined;
  onChange: (place: Place) => void;
}) {
  const { t } = useTranslation('feedbackAdmin');
  const choices = useLeaderboardChoices();
  const options = [
    { value: '', text: t('videos.shownEverywhere'), place: {} },
    ...(choices.data?.categories ?? []).map((c) => ({
      value: `c${c.id}`,
      text: t('videos.shownCategory', { name: c.name }),
      place: { categoryId: c.id },
    })),
    ...(choices.data?.attributes ?? []).map((a) => ({
      value: `a${a.id}`,
      text: t('videos.shownAttribute', { name: a.name, category: a.categoryName }),
      place: { attributeId: a.id },
    })),
  ];
  const chosen = options.find((o) => o.value === placeValue(value)) ?? options[0]!;
  return (
    <Field label={t('videos.shownIn')} hint={t('videos.shownInHint')} validationMessage={error}>
      <Dropdown
        value={choices.isLoading ? t('videos.shownLoading') : chosen.text}
        selectedOptions={[chosen.value]}
        onOptionSelect={(_, d) => onChange(options.find((o) => o.value === d.optionValue)?.place ?? {})}
      >
        {options.map((o) => (
          <Option key={o.value || 'every'} value={o.value} text={o.text}>
            {o.text}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

export function LeaderboardVideosTab() {
  const styles = useStyles();
  const permissions = usePermissions();
  return (
    <div className={styles.stack}>
      {permissions.has('upload-leaderboard-video') ? <UploadCard /> : null}
      <VideoTable canReview={permissions.has('update-leaderboard-video-status')} />
    </div>
  );
}

function UploadCard() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const [source, setSource] = useState<'file' | 'url'>('file');
  const [file, setFile] = useState<File | null>(null);
  // A native file input: Fluent's Field names only its own controls, so the label points at it by id.
  const fileInput = useId();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [tags, setTags] = useState('');
  const [place, setPlace] = useState<Place>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [inputKey, setInputKey] = useState(0);
  const uploadFile = useUploadVideo();
  const addUrl = useAddVideoByUrl();
  const busy = uploadFile.isPending || addUrl.isPending;

  const submit = () => {
    const details = { title: title.trim(), hashtags: splitTags(tags), ...place };
    const issues = [
      ...checkVideoDetails(details),
      ...(source === 'file' ? checkVideoFileSize(file?.size) : checkVideoUrl(url)),
    ];
    setErrors(Object.fromEntries(issues.map((i) => [i.field, i.message])));
    if (issues.length > 0) return;
    const done = {
      onSuccess: () => {
        setTitle('');
        setTags('');
        setPlace({});
        setUrl('');
        setFile(null);
        setInputKey((k) => k + 1);
      },
      onError: (error: unknown) =>
        setErrors(
          Object.fromEntries(
            Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^query\./, ''), message]),
          ),
        ),
    };
    if (source === 'file' && file) uploadFile.mutate({ ...details, file }, done);
    else addUrl.mutate({ ...details, url: url.trim() }, done);
  };

  return (
    <Card>
      <Text weight="semibold" size={400}>
        {t('videos.uploadTitle')}
      </Text>
      <Text className={styles.muted}>{t('videos.uploadHint')}</Text>
      <form
        className={styles.form}
        aria-label={t('videos.uploadTitle')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Field label={t('videos.source')}>
          <RadioGroup
            layout="horizontal"
            value={source}
            onChange={(_, d) => setSource(d.value === 'url' ? 'url' : 'file')}
          >
            <Radio value="file" label={t('videos.sourceFile')} />
            <Radio value="url" label={t('videos.sourceUrl')} />
          </RadioGroup>
        </Field>
        {source === 'file' ? (
          <Field label={{ children: t('videos.file'), htmlFor: fileInput }} validationMessage={errors['file']}>
            <input
              id={fileInput}
              key={inputKey}
              type="file"
              accept={VIDEO_ACCEPT}
              onChange={(e) => setFile(e.currentTarget.files?.[0] ?? null)}
            />
          </Field>
        ) : (
          <Field label={t('videos.url')} validationMessage={errors['url']}>
            <Input type="url" value={url} onChange={(_, d) => setUrl(d.value)} />
          </Field>
        )}
        <Field label={t('videos.title')} required validationMessage={errors['title']}>
          <Input value={title} onChange={(_, d) => setTitle(d.value)} />
        </Field>
        <Field label={t('videos.hashtags')} hint={t('videos.hashtagsHint')} validationMessage={errors['hashtags']}>
          <Input value={tags} onChange={(_, d) => setTags(d.value)} />
        </Field>
        <PlacePicker value={place} error={errors['attributeId'] ?? errors['categoryId']} onChange={setPlace} />
        <div>
          <Button appearance="primary" type="submit" disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
            {busy ? t('videos.uploading') : t('videos.upload')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function VideoTable({ canReview }: { canReview: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const [page, setPage] = useState(1);
  const [status, setStatus] = useState<VideoStatus | undefined>(undefined);
  const [confirming, setConfirming] = useState<{ video: LeaderboardVideo; decision: VideoDecision } | null>(null);
  const query = useManagedVideos({ page, pageSize: PAGE_SIZE, ...(status ? { videoStatus: status } : {}) });
  const review = useReviewVideo();
  const active = useSetVideoActive();
  const pages = Math.max(1, Math.ceil((query.data?.total ?? 0) / PAGE_SIZE));
  return (
    <Card>
      <Field label={t('videos.statusFilter')}>
        <Dropdown
          value={status ? t(`videos.status.${status}`) : t('videos.all')}
          selectedOptions={[status ?? 'all']}
          onOptionSelect={(_, d) => {
            setStatus(d.optionValue === 'all' ? undefined : (d.optionValue as VideoStatus));
            setPage(1);
          }}
        >
          <Option value="all">{t('videos.all')}</Option>
          {VIDEO_STATUSES.map((s) => (
            <Option key={s} value={s}>
              {t(`videos.status.${s}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {query.isError ? <QueryError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.isPending ? <Spinner label={t('videos.loading')} /> : null}
      {query.data && query.data.items.length === 0 ? (
        <EmptyState icon={<VideoClipRegular />} title={t('videos.empty')} />
      ) : null}
      <ul aria-label={t('videos.listLabel')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {query.data?.items.map((video) => (
          <VideoRow
            key={video.id}
            video={video}
            canReview={canReview}
            onDecide={(decision) => setConfirming({ video, decision })}
            onActive={(isActive) => active.mutateAsync({ id: video.id, isActive })}
          />
        ))}
      </ul>
      {pages > 1 ? (
        <div className={styles.pager}>
          <Button disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('videos.previous')}
          </Button>
          <Text>{t('videos.page', { page, pages })}</Text>
          <Button disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('videos.next')}
          </Button>
        </div>
      ) : null}
      {confirming ? (
        <ConfirmDialog
          open
          title={t(confirming.decision === 'approved' ? 'videos.approveTitle' : 'videos.rejectTitle')}
          confirmLabel={t(confirming.decision === 'approved' ? 'videos.approve' : 'videos.reject')}
          danger={confirming.decision === 'rejected'}
          onConfirm={() => review.mutateAsync({ id: confirming.video.id, videoStatus: confirming.decision })}
          onClose={() => setConfirming(null)}
        >
          {t(confirming.decision === 'approved' ? 'videos.approveBody' : 'videos.rejectBody', {
            title: confirming.video.title,
          })}
        </ConfirmDialog>
      ) : null}
    </Card>
  );
}

function VideoRow({
  video,
  canReview,
  onDecide,
  onActive,
}: {
  video: LeaderboardVideo;
  canReview: boolean;
  onDecide: (decision: VideoDecision) => void;
  onActive: (isActive: boolean) => Promise<unknown>;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackAdmin');
  const format = useFormat();
  return (
    <li className={styles.row} aria-label={video.title}>
      {video.preview ? <img className={styles.preview} src={video.preview} alt={video.title} /> : <span />}
      <div>
        <Text weight="semibold">{video.title}</Text>{' '}
        <Badge appearance="tint" color={STATUS_COLOR[video.videoStatus]}>
          {t(`videos.status.${video.videoStatus}`)}
        </Badge>
        <div className={styles.muted}>
          {[
            video.uploadedBy ? t('videos.by', { name: video.uploadedBy.name }) : null,
            format.instant(video.createdAt),
            video.hashtags.map((h) => `#${h}`).join(' '),
            video.attribute && video.category
              ? t('videos.shownAttribute', { name: video.attribute.name, category: video.category.name })
              : video.category
                ? t('videos.shownCategory', { name: video.category.name })
                : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </div>
      </div>
      {canReview ? (
        <div className={styles.actions}>
          {video.videoStatus !== 'approved' ? (
            <Button onClick={() => onDecide('approved')}>{t('videos.approve')}</Button>
          ) : null}
          {video.videoStatus !== 'rejected' ? (
            <Button onClick={() => onDecide('rejected')}>{t('videos.reject')}</Button>
          ) : null}
          <StatusSwitch
            label={t('videos.activeLabel', { title: video.title })}
            checked={video.isActive}
            disabled={false}
            confirmTitle={t('videos.deactivateTitle')}
            confirmBody={t('videos.deactivateBody', { title: video.title })}
            onChange={onActive}
          />
        </div>
      ) : null}
    </li>
  );
}
