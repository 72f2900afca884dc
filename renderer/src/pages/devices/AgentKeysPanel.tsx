/**
 * Device agent keys: what opens the agent API for a desktop app or a headless agent on the office network. A new key
 * is shown once, with a copy button; revoking one stops its agent at its next call.
 */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular, DeleteRegular, KeyMultipleRegular, KeyRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { createAgentKeyBodySchema } from '../../../../shared/contracts/devices';
import { errorMessage } from '../../api/errors';
import {
  useAgentKeys,
  useCreateAgentKey,
  useRevokeAgentKey,
  type AgentKey,
  type CreatedAgentKey,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { formatInstant } from '../../components/format';
import { Section } from './Section';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  keyRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  keyInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = createAgentKeyBodySchema.safeParse({ name });
  const nameError = touched && !parsed.success ? 'Name the computer or office that will use the key' : undefined;

  const create = useCreateAgentKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    setError(null);
    create.mutate(name.trim(), { onSuccess: setCreated, onError: (e) => setError(errorMessage(e)) });
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      setError('The clipboard is not available: select the key and copy it by hand.');
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !create.isPending && onClose()}>
      <DialogSurface>
        {created ? (
          <DialogBody>
            <DialogTitle>Key for {created.name}</DialogTitle>
            <DialogContent className={styles.form}>
              <MessageBar intent="warning">
                <MessageBarBody>
                  <MessageBarTitle>Copy it now</MessageBarTitle>
                  The key is shown only this once; Teambeat keeps only a fingerprint of it.
                </MessageBarBody>
              </MessageBar>
              {error ? (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
              <div className={styles.keyRow}>
                <Input
                  readOnly
                  value={created.key}
                  aria-label="Agent key"
                  className={styles.keyInput}
                  onFocus={(e) => e.target.select()}
                />
                <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
              <Text size={200} className={styles.muted}>
                Paste it into the desktop app (this page, “This computer pulls devices”) or set TEAMBEAT_AGENT_KEY for
                the headless agent.
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Create agent key">
            <DialogBody>
              <DialogTitle>Create agent key</DialogTitle>
              <DialogContent className={styles.form}>
                {error ? (
                  <MessageBar intent="error" role="alert">
                    <MessageBarBody>{error}</MessageBarBody>
                  </MessageBar>
                ) : null}
                <Field
                  label="Name"
                  required
                  validationMessage={nameError}
                  validationState={nameError ? 'error' : 'none'}
                  hint="Where the agent runs, e.g. Reception PC"
                >
                  <Input value={name} onChange={(_, d) => setName(d.value)} onBlur={() => setTouched(true)} autoFocus />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={create.isPending}>
                  Cancel
                </Button>
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={create.isPending}
                  icon={create.isPending ? <Spinner size="tiny" /> : undefined}
                >
                  Create key
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

export function AgentKeysPanel() {
  const styles = useStyles();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AgentKey | null>(null);
  const keys = useAgentKeys();
  const revoke = useRevokeAgentKey();

  const createButton = (
    <Button appearance="primary" icon={<KeyMultipleRegular />} onClick={() => setCreating(true)}>
      Create agent key
    </Button>
  );

  const body = (
    <QueryState query={keys} size="small" label="Loading keys…">
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable
            label="Agent keys"
            className={styles.table}
            size="small"
            rows={data.items}
            rowKey={(k) => k.id}
            empty={{
              icon: <KeyRegular />,
              title: 'No agent keys yet',
              body: 'A device agent needs a key to fetch the device list and upload punches.',
            }}
            columns={[
              { key: 'name', label: 'Name', render: (k) => <Text weight="semibold">{k.name}</Text> },
              {
                key: 'prefix',
                label: 'Key starts with',
                render: (k) => <Text className={styles.mono}>{k.prefix}…</Text>,
              },
              { key: 'created', label: 'Created', render: (k) => formatInstant(k.createdAt) },
              {
                key: 'used',
                label: 'Last used',
                render: (k) =>
                  k.lastUsedAt ? formatInstant(k.lastUsedAt) : <Text className={styles.muted}>Never</Text>,
              },
              {
                key: 'status',
                label: 'Status',
                render: (k) => (
                  <span className={styles.status}>
                    <Badge appearance="tint" shape="rounded" color={k.revokedAt ? 'subtle' : 'success'}>
                      {k.revokedAt ? 'Revoked' : 'Active'}
                    </Badge>
                    {k.revokedAt ? (
                      <Text size={200} className={styles.muted}>
                        {formatInstant(k.revokedAt)}
                      </Text>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'actions',
                label: '',
                render: (k) =>
                  k.revokedAt ? null : (
                    <Tooltip content={`Revoke ${k.name}`} relationship="label">
                      <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setRevoking(k)} />
                    </Tooltip>
                  ),
              },
            ]}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <>
      <Section
        title="Agent keys"
        description="Each desktop app or headless agent that pulls devices on an office network uses its own key."
        actions={createButton}
      >
        {body}
      </Section>
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke agent key?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {`The agent using “${revoking?.name ?? ''}” stops uploading at once. Punches it has not uploaded stay in its queue until it gets a new key.`}
      </ConfirmDialog>
    </>
  );
}
