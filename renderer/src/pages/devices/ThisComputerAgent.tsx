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
import { QueryState } from '../../components/QueryState';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { errorProps } from '../../components/form-fields';
import { Section } from '../../components/Section';

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
  const { t } = useTranslation('devices');
  const format = useFormat();
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
    onSuccess: () => done(t('thisComputer.started')),
    onError: (e) => setError(errorText(e)),
  });
  const createKey = useCreateAgentKey();
  const createForThisComputer = useMutation({
    mutationFn: async () => {
      // The key goes straight into this computer's keychain; it is never shown.
      const created = await createKey.mutateAsync(
        t('thisComputer.keyName', { date: format.instant(new Date().toISOString()) }),
      );
      return agent.setKey(created.key);
    },
    onSuccess: () => done(t('thisComputer.started')),
    onError: (e) => setError(errorText(e)),
  });
  const clear = useMutation({
    mutationFn: () => agent.setKey(null),
    onSuccess: () => done(t('thisComputer.stopped')),
    onError: (e) => notify.error(t('thisComputer.stopFailed'), errorText(e)),
  });
  const busy = applyKey.isPending || createForThisComputer.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pasted.trim()) {
      setError(t('thisComputer.pasteKey'));
      return;
    }
    applyKey.mutate(pasted.trim());
  };

  const s = status.data;
  return (
    <Section
      title={t('thisComputer.title')}
      description={t('thisComputer.description')}
      actions={
        s?.configured ? (
          <Button icon={<PlugDisconnectedRegular />} onClick={() => setStopping(true)}>
            {t('thisComputer.stop')}
          </Button>
        ) : null
      }
    >
      <QueryState query={status} size="small" label={t('thisComputer.reading')} />
      {s ? (
        <div className={styles.facts} aria-live="polite">
          <Badge appearance="filled" shape="rounded" color={s.running ? 'success' : 'subtle'} icon={<DesktopRegular />}>
            {s.running
              ? t('thisComputer.pulling')
              : s.configured
                ? t('thisComputer.stored')
                : t('thisComputer.notSetUp')}
          </Badge>
          {s.lastPollAt ? (
            <Text>
              {s.failedDevices.length > 0
                ? t('thisComputer.lastReadFailed', {
                    date: format.instant(s.lastPollAt),
                    count: s.devices,
                    failed: s.failedDevices.join(', '),
                  })
                : t('thisComputer.lastRead', { date: format.instant(s.lastPollAt), count: s.devices })}
            </Text>
          ) : s.running ? (
            <Text className={styles.muted}>{t('thisComputer.firstRead')}</Text>
          ) : null}
          {s.running ? <Text className={styles.muted}>{t('thisComputer.queued', { count: s.queued })}</Text> : null}
        </div>
      ) : null}
      {s?.lastError ? (
        <MessageBar intent="warning">
          <MessageBarBody>{s.lastError}</MessageBarBody>
        </MessageBar>
      ) : null}
      {s && !s.configured ? (
        <form className={styles.row} onSubmit={submit} noValidate aria-label={t('thisComputer.formLabel')}>
          <Field className={styles.keyField} label={t('thisComputer.key')} {...errorProps(error)}>
            <Input
              type="password"
              value={pasted}
              placeholder={t('thisComputer.keyPlaceholder')}
              onChange={(_, d) => {
                setPasted(d.value);
                setError(null);
              }}
            />
          </Field>
          <Button type="submit" disabled={busy} icon={applyKey.isPending ? <Spinner size="tiny" /> : undefined}>
            {t('thisComputer.useKey')}
          </Button>
          {canCreateKeys ? (
            <Button
              appearance="primary"
              disabled={busy}
              icon={createForThisComputer.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => createForThisComputer.mutate()}
            >
              {t('thisComputer.createKey')}
            </Button>
          ) : null}
        </form>
      ) : null}
      <ConfirmDialog
        open={stopping}
        title={t('thisComputer.stopTitle')}
        confirmLabel={t('thisComputer.stopConfirm')}
        danger
        onConfirm={() => clear.mutateAsync()}
        onClose={() => setStopping(false)}
      >
        {t('thisComputer.stopBody')}
      </ConfirmDialog>
    </Section>
  );
}
