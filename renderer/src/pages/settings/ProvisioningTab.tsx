/**
 * Provisioning (SCIM 2.0): the tokens the company's identity provider (Entra ID, Okta) uses to add, change and
 * deactivate employees and teams. A new token is shown once, with a copy button and the SCIM base URL; revoking one
 * stops the provider at its next call. docs/sso.md, "Provisioning (SCIM 2.0)".
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
import { createScimTokenBodySchema } from '../../../../shared/contracts/scim';
import { errorMessage } from '../../api/errors';
import {
  useCreateScimToken,
  useRevokeScimToken,
  useScimTokens,
  type CreatedScimToken,
  type ScimToken,
} from '../../api/hooks/scim';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { formatInstant } from '../../components/format';
import { Section } from '../devices/Section';

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

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = createScimTokenBodySchema.safeParse({ name });
  const nameError = touched && !parsed.success ? 'Name the identity provider that will use the token' : undefined;

  const create = useCreateScimToken();
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
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setError('The clipboard is not available: select the token and copy it by hand.');
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !create.isPending && onClose()}>
      <DialogSurface>
        {created ? (
          <DialogBody>
            <DialogTitle>Token for {created.name}</DialogTitle>
            <DialogContent className={styles.form}>
              <MessageBar intent="warning">
                <MessageBarBody>
                  <MessageBarTitle>Copy it now</MessageBarTitle>
                  The token is shown only this once; Teambeat keeps only a fingerprint of it.
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
                  value={created.token}
                  aria-label="Provisioning token"
                  className={styles.keyInput}
                  onFocus={(e) => e.target.select()}
                />
                <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={() => void copy()}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              </div>
              <Text size={200} className={styles.muted}>
                In your identity provider’s provisioning settings, enter it as the secret token, with the tenant URL{' '}
                <span className={styles.mono}>{`${window.location.origin}/api/scim/v2`}</span>.
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                Done
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <form onSubmit={submit} noValidate aria-label="Create provisioning token">
            <DialogBody>
              <DialogTitle>Create provisioning token</DialogTitle>
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
                  hint="The identity provider, e.g. Entra ID"
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
                  Create token
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

export function ProvisioningTab() {
  const styles = useStyles();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const keys = useScimTokens();
  const revoke = useRevokeScimToken();

  const createButton = (
    <Button appearance="primary" icon={<KeyMultipleRegular />} onClick={() => setCreating(true)}>
      Create token
    </Button>
  );

  const body = (
    <QueryState query={keys} size="small" label="Loading tokens…">
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable
            label="Provisioning tokens"
            className={styles.table}
            size="small"
            rows={data.items}
            rowKey={(k) => k.id}
            empty={{
              icon: <KeyRegular />,
              title: 'No provisioning tokens yet',
              body: 'Your identity provider needs a token to add, change and deactivate employees.',
            }}
            columns={[
              { key: 'name', label: 'Name', render: (k) => <Text weight="semibold">{k.name}</Text> },
              {
                key: 'prefix',
                label: 'Token starts with',
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
        title="Provisioning (SCIM)"
        description="Your identity provider (Entra ID, Okta) adds, changes and deactivates employees and teams with a token. New employees get the default role; the provider cannot grant roles."
        actions={createButton}
      >
        {body}
      </Section>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke provisioning token?"
        confirmLabel="Revoke"
        danger
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {`“${revoking?.name ?? ''}” can no longer change employees, from its next call on. Employees it added stay.`}
      </ConfirmDialog>
    </>
  );
}
