/**
 * A leaderboard video's player (docs/recognition.md "Leaderboard videos"): the browser's own controls over
 * the signed link, which answers range requests so seeking works; the preview frame until it plays. Used by
 * the leaderboard's videos and the news feed's video posts.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import type { FeedVideo } from '../../../shared/contracts/feed';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  video: {
    width: '100%',
    maxHeight: '360px',
    backgroundColor: tokens.colorNeutralBackgroundInverted,
    borderRadius: tokens.borderRadiusMedium,
  },
});

export function VideoPlayer({ video, autoPlay = false }: { video: FeedVideo; autoPlay?: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('leaderboards');
  return (
    <video
      className={styles.video}
      controls
      preload="metadata"
      playsInline
      autoPlay={autoPlay}
      poster={video.preview ?? undefined}
      aria-label={t('videos.player', { title: video.title })}
    >
      <source src={video.videoUrl} type={video.contentType} />
    </video>
  );
}
