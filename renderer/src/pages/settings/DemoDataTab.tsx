/**
 * Demo data: the demo company's people, teams and everything they did (feedback, badges, attendance,
 * leave, projects) can be switched off, after a confirmation, and on again. While off they leave every
 * list, figure, chart and report; nothing is deleted. A failure says the spec's "Failed to disable demo
 * data" in place.
 */
import {
  Card,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { errorMessage } from '../../api/errors';
import { usePermissions } from '../../api/hooks/me';
import { useSetDemoData, useTenant } from '../../api/hooks/tenant';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SettingsQuery } from '../../components/SettingsCard';
import { useTranslation } from '../../i18n';
import { ReadOnlyNotice, TabColumn } from './read-only';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalM },
});

export function DemoDataTab() {
  const { t } = useTranslation('common');
  const tenant = useTenant();
  return (
    <SettingsQuery query={tenant} label={t('states.loading')}>
      {(data) => <DemoDataCard shown={!data.settings.isDemoDataDisabled} />}
    </SettingsQuery>
  );
}

function DemoDataCard({ shown }: { shown: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'errors']);
  const canEdit = usePermissions().has('edit-tenant-settings');
  const setDemo = useSetDemoData();
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<{ title: string; body: string } | null>(null);

  const change = (disabled: boolean) =>
    setDemo.mutateAsync(disabled).then(
      () => setFailure(null),
      (error: unknown) => {
        setFailure({
          title: disabled ? t('errors:DEMO_DATA_DISABLE_FAILED') : t('demo.enableFailed'),
          body: errorMessage(error),
        });
        throw error;
      },
    );

  return (
    <TabColumn>
      <ReadOnlyNotice canEdit={canEdit} />
      <Card className={styles.card}>
        <Text as="h2" size={400} weight="semibold" block>
          {t('demo.title')}
        </Text>
        <Text>{t('demo.body')}</Text>
        {failure ? (
          <MessageBar intent="error" data-testid="demo-failure">
            <MessageBarBody>
              <MessageBarTitle>{failure.title}</MessageBarTitle>
              {failure.body}
            </MessageBarBody>
          </MessageBar>
        ) : null}
        <Field hint={shown ? t('demo.shownHint') : t('demo.hiddenHint')}>
          <Switch
            label={shown ? t('demo.shown') : t('demo.hidden')}
            checked={shown}
            disabled={!canEdit || setDemo.isPending}
            data-testid="demo-switch"
            onChange={(_, d) => {
              // Switching off asks first; switching on again happens at once.
              if (d.checked) void change(false).catch(() => undefined);
              else setConfirming(true);
            }}
          />
        </Field>
      </Card>
      <ConfirmDialog
        open={confirming}
        title={t('demo.disableTitle')}
        confirmLabel={t('demo.disableConfirm')}
        danger
        onConfirm={() => change(true)}
        onClose={() => setConfirming(false)}
      >
        {t('demo.disableBody')}
      </ConfirmDialog>
    </TabColumn>
  );
}
