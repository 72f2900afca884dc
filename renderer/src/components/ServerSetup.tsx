/**
 * First start of the desktop app: which company server to use. The shell checks that the address
 * answers as a Teambeat server before remembering it (electron/server-url.ts) and reloads the window;
 * its refusal is shown next to the field. Plain http:// is accepted only for this computer or a private
 * office network address, and only after the user ticks the confirmation (shared/server-address.ts; the
 * shell enforces the same rule).
 */
import { Button, Checkbox, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { serverAddressSecurity } from '../../../shared/server-address';
import { platform } from '../platform';
import { useSessionActions } from '../session/SessionProvider';
import { useTranslation } from '../i18n';
import { BrandMark } from './BrandMark';
import { errorProps } from './form-fields';

const useStyles = makeStyles({
  root: {
    minHeight: '100%',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: tokens.spacingHorizontalXXL,
  },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, width: '100%', maxWidth: '420px' },
  hint: { color: tokens.colorNeutralForeground2 },
});

export function ServerSetup() {
  const styles = useStyles();
  const { t } = useTranslation(['frame', 'errors']);
  const { retryStart } = useSessionActions();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmHttp, setConfirmHttp] = useState(false);
  const security = securityOf(url.trim());

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(trimmed)) {
      setError(t('serverSetup.errors.notAnAddress'));
      return;
    }
    if (security === 'plain-http-refused') {
      setError(t('serverSetup.errors.httpRefused'));
      return;
    }
    if (security === 'plain-http-confirm' && !confirmHttp) {
      setError(t('serverSetup.errors.httpConfirm'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await platform.setServerUrl(trimmed, security === 'plain-http-confirm' ? { confirmPlainHttp: true } : undefined);
      retryStart();
    } catch (e) {
      setError(e instanceof Error ? e.message : t('errors:INTERNAL'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.root}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <BrandMark size={48} />
        <Text as="h1" size={700} weight="semibold">
          {t('serverSetup.title')}
        </Text>
        <Text className={styles.hint}>{t('serverSetup.hint')}</Text>
        <Field label={t('serverSetup.address')} required {...errorProps(error)}>
          <Input
            type="url"
            value={url}
            onChange={(_, d) => setUrl(d.value)}
            placeholder={t('serverSetup.placeholder')}
            autoFocus
            disabled={busy}
          />
        </Field>
        {security === 'plain-http-confirm' ? (
          <Checkbox
            checked={confirmHttp}
            onChange={(_, d) => setConfirmHttp(d.checked === true)}
            disabled={busy}
            label={t('serverSetup.confirmHttp')}
          />
        ) : null}
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? t('serverSetup.checking') : t('serverSetup.continue')}
        </Button>
      </form>
    </main>
  );
}

/** What the typed address needs: nothing (https, or not an address yet), a confirmation, or it is refused. */
function securityOf(text: string) {
  try {
    return /^https?:\/\/\S+$/i.test(text) ? serverAddressSecurity(new URL(text)) : 'https';
  } catch {
    return 'https';
  }
}
