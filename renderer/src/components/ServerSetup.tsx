/**
 * First start of the desktop app: which company server to use. The shell checks that the address
 * answers as a Teambeat server before remembering it (electron/server-url.ts) and reloads the window;
 * its refusal is shown next to the field.
 */
import { Button, Field, Input, makeStyles, Text, tokens } from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
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

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = url.trim();
    if (!/^https?:\/\/\S+$/i.test(trimmed)) {
      setError('Enter the address your administrator gave you, like https://teambeat.example.com');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await platform.setServerUrl(trimmed);
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
        <Button appearance="primary" type="submit" disabled={busy}>
          {busy ? 'Checking the server…' : 'Continue'}
        </Button>
      </form>
    </main>
  );
}
