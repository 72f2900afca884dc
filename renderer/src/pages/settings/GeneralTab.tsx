/**
 * General: the company's name, e-mail domain and language. The name and language change with
 * edit-tenant-settings; someone who may only view sees every field read-only, and looking so.
 */
import { Field, Input, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { usePermissions } from '../../api/hooks/me';
import { useSaveCompanyLanguage, useSaveCompanyName, useTenant, type Tenant } from '../../api/hooks/tenant';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../../shared/i18n/languages';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';
import { ReadOnlyNotice, readOnlyLook, TabColumn } from './read-only';

export function GeneralTab() {
  const { t } = useTranslation('common');
  const tenant = useTenant();
  return (
    <SettingsQuery query={tenant} label={t('states.loading')}>
      {(data) => <GeneralForm tenant={data} />}
    </SettingsQuery>
  );
}

function GeneralForm({ tenant }: { tenant: Tenant }) {
  const { t } = useTranslation(['settings', 'common']);
  const canEdit = usePermissions().has('edit-tenant-settings');
  const [name, setName] = useState<string | null>(null);
  const save = useSaveCompanyName();
  const saveLanguage = useSaveCompanyLanguage();
  const value = name ?? tenant.name;
  const empty = value.trim() === '';
  return (
    <TabColumn>
      <ReadOnlyNotice canEdit={canEdit} />
      <SettingsCard
        label={t('general.formLabel')}
        canEdit={canEdit}
        dirty={name !== null}
        saveDisabled={name === null}
        pending={save.isPending}
        onSave={() => {
          if (!empty) save.mutate(value.trim(), { onSuccess: () => setName(null) });
        }}
      >
        <Field
          label={t('general.companyName')}
          required={canEdit}
          validationMessage={empty ? t('general.companyNameRequired') : undefined}
          validationState={empty ? 'error' : 'none'}
        >
          <Input
            value={value}
            onChange={(_, d) => setName(d.value)}
            maxLength={120}
            data-testid="company-name"
            {...readOnlyLook(!canEdit)}
          />
        </Field>
        <Field label={t('general.emailDomain')} hint={t('general.emailDomainHint')}>
          <Input value={tenant.emailDomain} data-testid="email-domain" {...readOnlyLook(true)} />
        </Field>
        <Field label={t('common:language.company')} hint={t('common:language.companyHint')}>
          <Select
            data-testid="company-language"
            value={tenant.settings.default_language}
            disabled={!canEdit || saveLanguage.isPending}
            onChange={(_, d) => {
              if (isLanguage(d.value)) saveLanguage.mutate(d.value);
            }}
          >
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </Select>
        </Field>
      </SettingsCard>
    </TabColumn>
  );
}
