/**
 * A tenant's keys for machines (device agent keys, SCIM provisioning tokens): the list with each key's start,
 * creation, last use and status, a create dialog that shows a new key once with a copy button, and revoking
 * after a confirmation. Each page passes its hooks and its texts from its own catalogue namespace.
 */
import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular, DeleteRegular, KeyMultipleRegular, KeyRegular } from '@fluentui/react-icons';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/errors';
import { useFormat } from '../i18n';
import { ConfirmDialog } from './ConfirmDialog';
import { InfoDialog } from './DialogFrame';
import { FormDialog } from './FormDialog';
import { errorProps } from './form-fields';
import { IconButton } from './RowActions';
import type { QueryLike } from './QueryState';
import { Section, SectionTable } from './Section';

export type SecretKey = {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};

export type SecretKeysTexts = {
  title: string;
  description: string;
  /** The button that opens the create dialog. */
  create: string;
  loading: string;
  tableLabel: string;
  emptyTitle: string;
  emptyBody: string;
  columns: { name: string; prefix: string; created: string; used: string; status: string };
  /** The start of a key as the list shows it. */
  prefix: (prefix: string) => string;
  never: string;
  revoked: string;
  active: string;
  revokeNamed: (name: string) => string;
  revokeTitle: string;
  revoke: string;
  revokeBody: (name: string) => string;
  dialog: {
    title: string;
    name: string;
    nameHint: string;
    nameRequired: string;
    submit: string;
    keyFor: (name: string) => string;
    copyNow: string;
    shownOnce: string;
    keyLabel: string;
    copy: string;
    copied: string;
    noClipboard: string;
    /** Where the new key goes, under it. */
    pasteIt: string;
    done: string;
  };
};

/** The create mutation as the dialog uses it: the name in, the created key (with the key itself) out. */
type CreateMutation<C> = Pick<UseMutationResult<C, unknown, string>, 'mutate' | 'isPending'>;

type Props<K extends SecretKey, C extends { name: string }> = {
  texts: SecretKeysTexts;
  keys: QueryLike<{ items: K[] }>;
  create: CreateMutation<C>;
  revoke: { mutateAsync: (key: { id: number; name: string }) => Promise<unknown> };
  /** The key itself in the create answer. */
  secretOf: (created: C) => string;
  validName: (name: string) => boolean;
};

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  keyRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  keyInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

function CreateKeyDialog<C extends { name: string }>(props: {
  texts: SecretKeysTexts['dialog'];
  create: CreateMutation<C>;
  secretOf: (created: C) => string;
  validName: (name: string) => boolean;
  onClose: () => void;
}) {
  const { texts, create, secretOf, onClose } = props;
  const styles = useStyles();
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<C | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const valid = props.validName(name);
  const nameError = touched && !valid ? texts.nameRequired : undefined;

  const submit = () => {
    setTouched(true);
    if (!valid) return;
    setError(null);
    create.mutate(name.trim(), { onSuccess: setCreated, onError: (e) => setError(errorMessage(e)) });
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(secretOf(created));
      setCopied(true);
    } catch {
      setError(texts.noClipboard);
    }
  };

  if (created)
    return (
      <InfoDialog
        title={texts.keyFor(created.name)}
        contentClassName={styles.form}
        closeLabel={texts.done}
        onClose={onClose}
      >
        <MessageBar intent="warning">
          <MessageBarBody>
            <MessageBarTitle>{texts.copyNow}</MessageBarTitle>
            {texts.shownOnce}
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
            value={secretOf(created)}
            aria-label={texts.keyLabel}
            className={styles.keyInput}
            onFocus={(e) => e.target.select()}
          />
          <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={() => void copy()}>
            {copied ? texts.copied : texts.copy}
          </Button>
        </div>
        <Text size={200} className={styles.muted}>
          {texts.pasteIt}
        </Text>
      </InfoDialog>
    );
  return (
    <FormDialog
      title={texts.title}
      formLabel={texts.title}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={texts.submit}
      pending={create.isPending}
    >
      <Field label={texts.name} required {...errorProps(nameError)} hint={texts.nameHint}>
        <Input value={name} onChange={(_, d) => setName(d.value)} onBlur={() => setTouched(true)} autoFocus />
      </Field>
    </FormDialog>
  );
}

export function SecretKeysPanel<K extends SecretKey, C extends { name: string }>(props: Props<K, C>) {
  const { texts, keys, revoke } = props;
  const styles = useStyles();
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<K | null>(null);

  const createButton = (
    <Button appearance="primary" icon={<KeyMultipleRegular />} onClick={() => setCreating(true)}>
      {texts.create}
    </Button>
  );

  const body = (
    <SectionTable
      query={keys}
      loadingLabel={texts.loading}
      label={texts.tableLabel}
      rowKey={(k) => k.id}
      empty={{ icon: <KeyRegular />, title: texts.emptyTitle, body: texts.emptyBody }}
      columns={[
        { key: 'name', label: texts.columns.name, render: (k) => <Text weight="semibold">{k.name}</Text> },
        {
          key: 'prefix',
          label: texts.columns.prefix,
          render: (k) => <Text className={styles.mono}>{texts.prefix(k.prefix)}</Text>,
        },
        { key: 'created', label: texts.columns.created, render: (k) => format.instant(k.createdAt) },
        {
          key: 'used',
          label: texts.columns.used,
          render: (k) =>
            k.lastUsedAt ? format.instant(k.lastUsedAt) : <Text className={styles.muted}>{texts.never}</Text>,
        },
        {
          key: 'status',
          label: texts.columns.status,
          render: (k) => (
            <span className={styles.status}>
              <Badge appearance="tint" shape="rounded" color={k.revokedAt ? 'subtle' : 'success'}>
                {k.revokedAt ? texts.revoked : texts.active}
              </Badge>
              {k.revokedAt ? (
                <Text size={200} className={styles.muted}>
                  {format.instant(k.revokedAt)}
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
              <IconButton label={texts.revokeNamed(k.name)} icon={<DeleteRegular />} onClick={() => setRevoking(k)} />
            ),
        },
      ]}
    />
  );

  return (
    <>
      <Section title={texts.title} description={texts.description} actions={createButton}>
        {body}
      </Section>
      {creating ? (
        <CreateKeyDialog
          texts={texts.dialog}
          create={props.create}
          secretOf={props.secretOf}
          validName={props.validName}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title={texts.revokeTitle}
        confirmLabel={texts.revoke}
        danger
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {texts.revokeBody(revoking?.name ?? '')}
      </ConfirmDialog>
    </>
  );
}
