/**
 * The files of a feedback: images (at most 5) and documents, each checked early by shared/attachments.ts
 * (type, extension, size: the spec's messages), uploaded at once with a progress bar, checked by the
 * server, and removable; a failed one says why and can be dismissed. The form sends the ids of the ready
 * ones.
 */
import { Button, makeStyles, ProgressBar, Text, tokens } from '@fluentui/react-components';
import { AttachRegular, DismissRegular, DocumentRegular, ImageRegular } from '@fluentui/react-icons';
import { useRef } from 'react';
import {
  allowedContentTypes,
  allowedExtensions,
  attachmentIssues,
  IMAGE_TYPES,
  MAX_IMAGES_PER_FEEDBACK,
} from '../../../../shared/attachments';
import { localizeMessage } from '../../../../shared/i18n/localize';
import { errorMessage } from '../../api/errors';
import { removeFeedbackFile, uploadFeedbackFile, type FeedbackAttachment } from '../../api/hooks/feedback';
import { useFormat, useTranslation } from '../../i18n';

export type Upload = {
  /** Local key of the row while it uploads. */
  key: string;
  name: string;
  size: number;
  kind: 'image' | 'file';
  progress: number;
  /** The confirmed attachment once the server has checked it. */
  done: FeedbackAttachment | null;
  error: string | null;
};

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  row: {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(120px, 1fr) minmax(100px, 200px) auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
  },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1, gridColumn: '2 / 4' },
  thumb: { width: '32px', height: '32px', objectFit: 'cover', borderRadius: tokens.borderRadiusMedium },
  hidden: { display: 'none' },
});

const ACCEPT = [...allowedContentTypes('image'), ...allowedContentTypes('file')]
  .concat([...allowedExtensions('image'), ...allowedExtensions('file')].map((e) => `.${e}`))
  .join(',');

export function AttachmentPicker({
  value,
  onChange,
}: {
  value: Upload[];
  onChange: (next: (rows: Upload[]) => Upload[]) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['feedback', 'validation', 'errors']);
  const format = useFormat();
  const input = useRef<HTMLInputElement>(null);
  const translate = t as unknown as (key: string, options?: Record<string, string>) => string;
  const images = value.filter((u) => u.kind === 'image' && !u.error).length;

  const patch = (key: string, change: Partial<Upload>) =>
    onChange((rows) => rows.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const add = (files: FileList | null) => {
    let imageCount = images;
    for (const file of Array.from(files ?? [])) {
      const kind: Upload['kind'] = file.type in IMAGE_TYPES ? 'image' : 'file';
      const key = `${Date.now()}-${Math.random()}`;
      const issues = attachmentIssues({ kind, name: file.name, size: file.size, contentType: file.type });
      let error = issues[0] ? localizeMessage(issues[0].message, translate) : null;
      if (!error && kind === 'image' && ++imageCount > MAX_IMAGES_PER_FEEDBACK)
        error = t('errors:FEEDBACK_TOO_MANY_IMAGES');
      const row: Upload = { key, name: file.name, size: file.size, kind, progress: 0, done: null, error };
      onChange((rows) => [...rows, row]);
      if (error) continue;
      uploadFeedbackFile(file, kind, (progress) => patch(key, { progress }))
        .then((done) => patch(key, { done, progress: 1 }))
        .catch((e: unknown) => patch(key, { error: errorMessage(e) }));
    }
    if (input.current) input.current.value = '';
  };

  const remove = (row: Upload) => {
    onChange((rows) => rows.filter((r) => r.key !== row.key));
    // Not yet part of a feedback: delete it now rather than leave it to the nightly clean-up.
    if (row.done && !row.key.startsWith('kept-')) void removeFeedbackFile(row.done.id).catch(() => undefined);
  };

  return (
    <div className={styles.root}>
      <input
        ref={input}
        className={styles.hidden}
        type="file"
        multiple
        accept={ACCEPT}
        aria-label={t('files.choose')}
        onChange={(e) => add(e.target.files)}
      />
      <div>
        <Button icon={<AttachRegular />} onClick={() => input.current?.click()}>
          {t('files.add')}
        </Button>
      </div>
      <Text size={200} className={styles.muted}>
        {t('files.hint', { max: MAX_IMAGES_PER_FEEDBACK })}
      </Text>
      {value.map((row) => (
        <div key={row.key} className={styles.row} data-testid="attachment-row">
          {row.done?.thumbnailUrl ? (
            <img className={styles.thumb} src={row.done.thumbnailUrl} alt={row.name} />
          ) : row.kind === 'image' ? (
            <ImageRegular fontSize={24} />
          ) : (
            <DocumentRegular fontSize={24} />
          )}
          <Text truncate wrap={false}>
            {row.name} <span className={styles.muted}>{format.fileSize(row.size)}</span>
          </Text>
          {row.error ? (
            <Text className={styles.error} role="alert">
              {row.error}
            </Text>
          ) : row.done ? (
            <Text className={styles.muted}>{t('files.ready')}</Text>
          ) : (
            <ProgressBar value={row.progress} aria-label={t('files.uploading', { name: row.name })} />
          )}
          <Button
            appearance="subtle"
            icon={<DismissRegular />}
            aria-label={t('files.remove', { name: row.name })}
            onClick={() => remove(row)}
          />
        </div>
      ))}
    </div>
  );
}
