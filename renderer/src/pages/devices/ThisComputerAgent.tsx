/**
 * Desktop only: the device agent inside this app. With a key (kept in the OS keychain) the app pulls the office's
 * terminals while it runs. A holder of setup-biometric-integration can create a key for this computer in one step,
 * without the key ever being shown; anyone on this page can paste a key they were given.
 */
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { DesktopRegular, PlugDisconnectedRegular } from '@fluentui/react-icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { DeviceAgentApi } from '../../../../shared/platform';
import { errorMessage } from '../../api/errors';
import { useCreateAgentKey } from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatInstant } from '../../components/format';
import { QueryState } from '../../components/QueryState';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { Section } from './Section';

const useStyles = makeStyles({
  row: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end' },
  facts: { display: 'flex', flexWrap: 'wrap', gap: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXL}` },
  muted: { color: tokens.colorNeutralForeground3 },
  keyField: { flexGrow: 1, minWidth: '280px' },
});

const STATUS_KEY = ['desktop-device-agent'] as const;

function errorText(error: unknown): string {
  return error instanceof Error && !('isAxiosError' in error) ? error.message : errorMessage(error);
}

export function ThisComputerAgent({ agent }: { agent: DeviceAgentApi }) {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canCreateKeys = usePermissions().has('setup-biometric-integration');
  const [pasted, setPasted] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [stopping, setStopping] = useState(false);
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => agent.status(), refetchInterval: 10_000 });

  const done = async (message: string) => {
    setPasted('');
    setError(null);
    await queryClient.invalidateQueries({ queryKey: STATUS_KEY });
    notify.success(message);
  };
  const applyKey = useMutation({
    mutationFn: (key: string) => agent.setKey(key),
    onSuccess: () => done('This computer now pulls the devices'),
    onError: (e) => setError(errorText(e)),
  });
  const createKey = useCreateAgentKey();
  const createForThisComputer = useMutation({
    mutationFn: async () => {
      // The key goes straight into this computer's keychain; it is never shown.
      const created = await createKey.mutateAsync(`Desktop app · ${formatInstant(new Date().toISOString())}`);
      return agent.setKey(created.key);
    },
    onSuccess: () => done('This computer now pulls the devices'),
    onError: (e) => setError(errorText(e)),
  });
  const clear = useMutation({
    mutationFn: () => agent.setKey(null),
    onSuccess: () => done('This computer no longer pulls devices'),
    onError: (e) => notify.error('The agent could not be stopped', errorText(e)),
  });
  const busy = applyKey.isPending || createForThisComputer.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pasted.trim()) {
      setError('Paste an agent key');
      return;
    }
    applyKey.mutate(pasted.trim());
  };

  const s = status.data;
  return (
    <Section
      title="This computer pulls devices"
      description="While this app runs, it reads the terminals on this computer’s network and uploads their punches. Punches wait on this computer when the server cannot be reached."
      actions={
        s?.configured ? (
          <Button icon={<PlugDisconnectedRegular />} onClick={() => setStopping(true)}>
            Stop pulling here
          </Button>
        ) : null
      }
    >
      <QueryState query={status} size="small" label="Reading the agent’s state…" />
      {s ? (
        <div className={styles.facts} aria-live="polite">
          <Badge appearance="filled" shape="rounded" color={s.running ? 'success' : 'subtle'} icon={<DesktopRegular />}>
            {s.running ? 'Pulling' : s.configured ? 'Key stored, not running' : 'Not set up'}
          </Badge>
          {s.lastPollAt ? (
            <Text>
              Last read {formatInstant(s.lastPollAt)}: {s.devices} device{s.devices === 1 ? '' : 's'}
              {s.failedDevices.length > 0 ? `, not reachable: ${s.failedDevices.join(', ')}` : ''}
            </Text>
          ) : s.running ? (
            <Text className={styles.muted}>First read under way…</Text>
          ) : null}
          {s.running ? <Text className={styles.muted}>{s.queued} punches waiting to upload</Text> : null}
        </div>
      ) : null}
      {s?.lastError ? (
        <MessageBar intent="warning">
          <MessageBarBody>{s.lastError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {s && !s.configured ? (
        <form className={styles.row} onSubmit={submit} noValidate aria-label="Use an agent key on this computer">
          <Field
            className={styles.keyField}
            label="Agent key"
            validationMessage={error ?? undefined}
            validationState={error ? 'error' : 'none'}
          >
            <Input
              type="password"
              value={pasted}
              placeholder="tbagent_…"
              onChange={(_, d) => {
                setPasted(d.value);
                setError(null);
              }}
            />
          </Field>
          <Button type="submit" disabled={busy} icon={applyKey.isPending ? <Spinner size="tiny" /> : undefined}>
            Use this key
          </Button>
          {canCreateKeys ? (
            <Button
              appearance="primary"
              disabled={busy}
              icon={createForThisComputer.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => createForThisComputer.mutate()}
            >
              Create a key for this computer
            </Button>
          ) : null}
        </form>
      ) : null}
      <ConfirmDialog
        open={stopping}
        title="Stop pulling devices on this computer?"
        confirmLabel="Stop pulling"
        danger
        onConfirm={() => clear.mutateAsync()}
        onClose={() => setStopping(false)}
      >
        The key is removed from this computer’s keychain. Punches still waiting here upload when a key is set again;
        revoke the key under Agent keys if it should not be used anywhere.
      </ConfirmDialog>
    </Section>
  );
}
