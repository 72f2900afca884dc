/** General: the company's name and e-mail domain; the name is editable with edit-tenant-settings. */
import {
  Button,
  Card,
  Field,
  Input,
  makeStyles,
  Select,
  MessageBar,
  MessageBarBody,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/errors';
import { usePermissions } from '../../api/hooks/me';
import { useSaveCompanyLanguage, useSaveCompanyName, useTenant } from '../../api/hooks/tenant';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../../shared/i18n/languages';
import { useTranslation } from '../../i18n';
import { RequestExpirySetting } from '../feedback-requests/RequestExpirySetting';
import { FeedbackSettingsCard } from './FeedbackSettingsCard';
import { LeaderboardSettingsCard } from './LeaderboardSettingsCard';

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
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const canEdit = usePermissions().has('edit-tenant-settings');
  const tenant = useTenant();
  const [name, setName] = useState<string | null>(null);
  const save = useSaveCompanyName();
  const saveLanguage = useSaveCompanyLanguage();
  if (tenant.isError)
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorMessage(tenant.error)}</MessageBarBody>
      </MessageBar>
    );
  if (!tenant.data) return <Spinner label={t('common:states.loading')} />;
  const value = name ?? tenant.data.name;
  const empty = value.trim() === '';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!empty) save.mutate(value.trim(), { onSuccess: () => setName(null) });
  };
  return (
    <>
      <Card className={styles.card}>
        <form onSubmit={submit} noValidate aria-label={t('general.formLabel')}>
          <div className={styles.form}>
            <Field
              label={t('general.companyName')}
              required
              validationMessage={empty ? t('general.companyNameRequired') : undefined}
              validationState={empty ? 'error' : 'none'}
            >
              <Input value={value} readOnly={!canEdit} onChange={(_, d) => setName(d.value)} maxLength={120} />
            </Field>
            <Field label={t('general.emailDomain')} hint={t('general.emailDomainHint')}>
              <Input value={tenant.data.emailDomain} readOnly />
            </Field>
            <Field label={t('common:language.company')} hint={t('common:language.companyHint')}>
              <Select
                data-testid="company-language"
                value={tenant.data.settings.default_language}
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
          </div>
          {canEdit ? (
            <div className={styles.actions}>
              <Button appearance="primary" type="submit" disabled={save.isPending || name === null}>
                {t('common:actions.save')}
              </Button>
            </div>
          ) : null}
        </form>
      </Card>
      <RequestExpirySetting days={tenant.data.settings.feedbackRequestExpiryDays} canEdit={canEdit} />
      <FeedbackSettingsCard settings={tenant.data.settings} canEdit={canEdit} />
      <LeaderboardSettingsCard settings={tenant.data.settings} canEdit={canEdit} />
    </>
  );
}
