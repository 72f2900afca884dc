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
import { BrandMark } from './BrandMark';

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
      setError('Enter the address your administrator gave you, like https://teambeat.example.com');
      return;
    }
    if (security === 'plain-http-refused') {
      setError(
        'Use https://. Plain http:// is allowed only for this computer or a private office network address (10.x, 172.16–31.x, 192.168.x).',
      );
      return;
    }
    if (security === 'plain-http-confirm' && !confirmHttp) {
      setError('This address uses plain http://: confirm below that it is your office network server.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await platform.setServerUrl(trimmed, security === 'plain-http-confirm' ? { confirmPlainHttp: true } : undefined);
      retryStart();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Something went wrong. Please try again later.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className={styles.root}>
      <form className={styles.form} onSubmit={(e) => void submit(e)} noValidate>
        <BrandMark size={48} />
        <Text as="h1" size={700} weight="semibold">
          Connect to your company
        </Text>
        <Text className={styles.hint}>
          Teambeat runs on your company’s server. Enter its address once; the app remembers it.
        </Text>
        <Field label="Server address" required validationMessage={error} validationState={error ? 'error' : 'none'}>
          <Input
            type="url"
            value={url}
            onChange={(_, d) => setUrl(d.value)}
            placeholder="https://teambeat.example.com"
            autoFocus
            disabled={busy}
          />
        </Field>
        {security === 'plain-http-confirm' ? (
          <Checkbox
            checked={confirmHttp}
            onChange={(_, d) => setConfirmHttp(d.checked === true)}
            disabled={busy}
            label="This is my company’s server on the office network. I understand that plain http:// is not encrypted."
          />
        ) : null}
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? 'Checking the server…' : 'Continue'}
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
