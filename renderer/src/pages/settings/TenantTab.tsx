/**
 * Tenant: the company logo (shown in the header and on the sign-in page) and the company's time zone.
 * The logo is checked here before it is sent (shared/logo.ts: PNG, JPEG or WebP, under 200 KB, under 1000 ×
 * 500 pixels) and again by the server from its bytes; removing it asks first. Both change with
 * edit-tenant-settings; the time zone also on the Productivity tab.
 */
import { Avatar, Button, Card, Field, Input, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowUploadRegular, DeleteRegular } from '@fluentui/react-icons';
import { useRef, useState } from 'react';
import { LOGO_TYPES, logoIssue } from '../../../../shared/logo';
import { isValidTimeZone } from '../../../../shared/settings';
import { errorMessage, fieldErrors } from '../../api/errors';
import { usePermissions } from '../../api/hooks/me';
import { useRemoveTenantLogo, useSaveTenantTimeZone, useTenant, useUploadTenantLogo } from '../../api/hooks/tenant';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { localizeMessage } from '../../../../shared/i18n/localize';
import { useTranslation } from '../../i18n';
import { ReadOnlyNotice, readOnlyLook, TabColumn } from './read-only';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL },
  logoRow: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalL, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS },
  hidden: { display: 'none' },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The pixel size of a chosen image, or undefined when the browser cannot read it. */
async function pixelsOf(file: File): Promise<{ width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const size = { width: bitmap.width, height: bitmap.height };
    bitmap.close();
    return size;
  } catch {
    return undefined;
  }
}

export function TenantTab() {
  const { t } = useTranslation(['settings', 'common']);
  const canEdit = usePermissions().has('edit-tenant-settings');
  const tenant = useTenant();
  return (
    <SettingsQuery query={tenant} label={t('common:states.loading')}>
      {(data) => (
        <TabColumn>
          <ReadOnlyNotice canEdit={canEdit} />
          <LogoCard name={data.name} logo={data.logo} canEdit={canEdit} />
          <TimeZoneCard saved={data.settings.tenant_timezone} canEdit={canEdit} />
        </TabColumn>
      )}
    </SettingsQuery>
  );
}

function LogoCard({ name, logo, canEdit }: { name: string; logo: string | null; canEdit: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('settings');
  const { t: tAll } = useTranslation();
  // The shared rules write English; their messages show in the interface's language (docs/i18n.md).
  const translate = tAll as unknown as (key: string, options?: Record<string, string>) => string;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTenantLogo();
  const remove = useRemoveTenantLogo();
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const choose = async (file: File | undefined) => {
    if (input.current) input.current.value = '';
    if (!file) return;
    const pixels = await pixelsOf(file);
    const issue = logoIssue({ type: file.type, size: file.size, ...pixels });
    setProblem(issue ? localizeMessage(issue, translate) : null);
    if (issue) return;
    upload.mutate(file, {
      // Said once, under the field: the server's reason for the file, or why the upload failed.
      onError: (error) =>
        setProblem(fieldErrors(error)['body'] ?? `${t('tenant.logoNotSaved')}: ${errorMessage(error)}`),
    });
  };

  return (
    <Card className={styles.card}>
      <Text as="h2" size={400} weight="semibold" block>
        {t('tenant.logo')}
      </Text>
      <Field
        label={t('tenant.logoField')}
        hint={t('tenant.logoHint')}
        validationMessage={problem ?? undefined}
        validationState={problem ? 'error' : 'none'}
      >
        <div className={styles.logoRow}>
          <Avatar
            name={name}
            image={logo ? { src: logo, alt: t('tenant.logoAlt', { name }) } : undefined}
            shape="square"
            size={72}
            color="brand"
            data-testid="settings-logo"
            data-logo={logo ?? ''}
          />
          {logo ? null : <Text className={styles.muted}>{t('tenant.noLogo')}</Text>}
          {canEdit ? (
            <div className={styles.actions}>
              <input
                ref={input}
                className={styles.hidden}
                type="file"
                accept={LOGO_TYPES.join(',')}
                data-testid="logo-file"
                onChange={(e) => void choose(e.target.files?.[0])}
              />
              <Button
                icon={upload.isPending ? <Spinner size="tiny" /> : <ArrowUploadRegular />}
                disabled={upload.isPending}
                onClick={() => input.current?.click()}
              >
                {logo ? t('tenant.replaceLogo') : t('tenant.uploadLogo')}
              </Button>
              {logo ? (
                <Button icon={<DeleteRegular />} disabled={remove.isPending} onClick={() => setConfirming(true)}>
                  {t('tenant.removeLogo')}
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      </Field>
      <ConfirmDialog
        open={confirming}
        title={t('tenant.removeTitle')}
        confirmLabel={t('tenant.removeConfirm')}
        danger
        onConfirm={() => remove.mutateAsync()}
        onClose={() => setConfirming(false)}
      >
        {t('tenant.removeBody')}
      </ConfirmDialog>
    </Card>
  );
}

function TimeZoneCard({ saved, canEdit }: { saved: string; canEdit: boolean }) {
  const { t } = useTranslation('settings');
  const [zone, setZone] = useState<string | null>(null);
  const save = useSaveTenantTimeZone();
  const value = zone ?? saved;
  // The picker keeps typed text; only a zone the shared rule knows may be saved (the server checks again).
  return (
    <SettingsCard
      label={t('tenant.timeZoneForm')}
      title={t('tenant.timeZoneTitle')}
      canEdit={canEdit}
      dirty={zone !== null && zone !== saved}
      saveDisabled={zone === null || zone === saved || !isValidTimeZone(zone)}
      pending={save.isPending}
      onSave={() => save.mutate(value, { onSuccess: () => setZone(null) })}
    >
      <Field label={t('productivity.timeZone')} hint={t('tenant.timeZoneHint')}>
        {canEdit ? (
          <TimeZonePicker value={value} onChange={setZone} testId="tenant-time-zone" />
        ) : (
          <ReadOnlyZone value={value} />
        )}
      </Field>
    </SettingsCard>
  );
}

function ReadOnlyZone({ value }: { value: string }) {
  return <Input value={value} data-testid="tenant-time-zone" {...readOnlyLook(true)} />;
}
