/**
 * "Get the desktop app" (the web app only): the Windows and Mac installers of the current version from
 * the company's release folder, the visitor's platform first (the server orders them by the browser's
 * User-Agent). The desktop app updates itself, so it does not offer this.
 */
import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { errorMessage } from '../api/errors';
import { useDesktopDownloads } from '../api/hooks/desktop';
import { InfoDialog } from '../components/InfoDialog';
import { useTranslation } from '../i18n';

const useStyles = makeStyles({
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, alignItems: 'flex-start' },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function DesktopAppDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('frame');
  const query = useDesktopDownloads(true);
  const megabytes = (size: number | null) => (size === null ? '' : t('desktop.size', { size: Math.round(size / 1e6) }));
  let content;
  if (query.isError)
    content = (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(query.error)}</MessageBarBody>
      </MessageBar>
    );
  else if (!query.data) content = <Spinner label={t('desktop.loading')} />;
  else if (query.data.downloads.length === 0) content = <Text>{t('desktop.none')}</Text>;
  else
    content = (
      <div className={styles.list} data-testid="desktop-downloads">
        <Text>{t('desktop.version', { version: query.data.version })}</Text>
        {query.data.downloads.map((d, i) => (
          <Button
            key={d.platform}
            as="a"
            href={d.url}
            download={d.fileName}
            appearance={i === 0 ? 'primary' : 'secondary'}
            icon={<ArrowDownloadRegular />}
          >
            {t(`desktop.${d.platform}`)} {megabytes(d.size)}
          </Button>
        ))}
        <Text size={200} className={styles.muted}>
          {t('desktop.hint')}
        </Text>
      </div>
    );
  return (
    <InfoDialog title={t('desktop.title')} onClose={onClose}>
      {content}
    </InfoDialog>
  );
}
