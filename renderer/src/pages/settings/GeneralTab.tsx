/** General: the company's name and e-mail domain; the name is editable with edit-tenant-settings. */
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { meKey } from '../../api/hooks/me';
import { api } from '../../api/client';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';

type Tenant = { id: number; name: string; emailDomain: string };

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, maxWidth: '720px' },
  form: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  actions: { display: 'flex', justifyContent: 'flex-end', marginTop: tokens.spacingVerticalL },
});

export function GeneralTab() {
  const styles = useStyles();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const canEdit = usePermissions().has('edit-tenant-settings');
  const tenant = useQuery({ queryKey: ['tenant'], queryFn: () => api.get<Tenant>('/tenant').then((r) => r.data) });
  const [name, setName] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (next: string) => api.patch<Tenant>('/tenant', { name: next }).then((r) => r.data),
    onSuccess: async (saved) => {
      queryClient.setQueryData(['tenant'], saved);
      await queryClient.invalidateQueries({ queryKey: meKey });
      setName(null);
      notify.success('Company name saved', saved.name);
    },
    onError: (error) => notify.error('The company name was not saved', errorMessage(error)),
  });
  if (tenant.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(tenant.error)}</MessageBarBody>
      </MessageBar>
    );
  if (!tenant.data) return <Spinner label="Loading" />;
  const value = name ?? tenant.data.name;
  const empty = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) save.mutate(value.trim());
  };
  return (
    <Card className={styles.card}>
      <form onSubmit={submit} noValidate aria-label="General settings">
        <div className={styles.form}>
          <Field
            label="Company name"
            required
            validationMessage={empty ? 'Enter the company name' : undefined}
            validationState={empty ? 'error' : 'none'}
          >
            <Input value={value} readOnly={!canEdit} onChange={(_, d) => setName(d.value)} maxLength={120} />
          </Field>
          <Field label="E-mail domain" hint="Accounts of this company use this domain">
            <Input value={tenant.data.emailDomain} readOnly />
          </Field>
        </div>
        {canEdit ? (
          <div className={styles.actions}>
            <Button appearance="primary" type="submit" disabled={save.isPending || name === null}>
              Save
            </Button>
          </div>
        ) : null}
      </form>
    </Card>
  );
}
