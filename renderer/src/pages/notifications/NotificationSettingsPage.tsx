/**
 * A person's notification settings (/notifications/settings, docs/notifications.md "Settings"): which
 * categories also reach them by e-mail and by push (in the app is always on), and, in a browser, push for
 * this browser: the permission is asked only when they press the button, never on load; a denied
 * permission says how to allow it. The desktop app shows its notifications natively without asking.
 */
import { Button, MessageBar, MessageBarBody, Text, tokens } from '@fluentui/react-components';
import { useEffect, useState } from 'react';
import type { NotificationPreferences } from '../../../../shared/notifications';
import {
  forgetPushDevice,
  registerPushDevice,
  useNotificationSettings,
  useSaveNotificationSettings,
} from '../../api/hooks/notifications';
import { PageHeader } from '../../components/PageHeader';
import { SettingsCard, SettingsQuery } from '../../components/SettingsCard';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { platform } from '../../platform';
import { isPushSupported, pushDeviceId, subscribeToPush } from '../../platform/web-push';
import { PreferencesGrid } from './PreferencesGrid';

export function NotificationSettingsPage() {
  const { t } = useTranslation('notifications');
  const settings = useNotificationSettings();
  return (
    <>
      <PageHeader title={t('settingsPage.title')} subtitle={t('settingsPage.intro')} />
      <SettingsQuery query={settings} label={t('settingsPage.loading')}>
        {(saved) => (
          <>
            <PreferencesForm saved={saved.preferences} />
            {platform.kind === 'web' ? <BrowserPush publicKey={saved.pushPublicKey} /> : null}
          </>
        )}
      </SettingsQuery>
    </>
  );
}

function PreferencesForm({ saved }: { saved: NotificationPreferences }) {
  const { t } = useTranslation('notifications');
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const save = useSaveNotificationSettings();
  const value = draft ?? saved;
  return (
    <SettingsCard
      label={t('settingsPage.title')}
      pending={save.isPending}
      dirty={draft !== null}
      saveDisabled={draft === null}
      onSave={() => {
        if (draft) save.mutate(draft, { onSuccess: () => setDraft(null) });
      }}
    >
      <PreferencesGrid value={value} onChange={setDraft} label={t('settingsPage.title')} />
    </SettingsCard>
  );
}

type PushState = 'unsupported' | 'denied' | 'subscribed' | 'off';

function initialPushState(): PushState {
  if (!isPushSupported()) return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'off';
}

/** Whether this browser already holds a push subscription of ours (permission given and subscribed). */
async function hasSubscription(): Promise<boolean> {
  if (!isPushSupported() || Notification.permission !== 'granted') return false;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) != null;
}

function BrowserPush({ publicKey }: { publicKey: string }) {
  const { t } = useTranslation('notifications');
  const notify = useNotify();
  const [state, setState] = useState<PushState>(initialPushState);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    let live = true;
    void hasSubscription()
      .then((yes) => {
        if (live && yes) setState('subscribed');
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  const turnOn = async () => {
    setBusy(true);
    try {
      const result = await subscribeToPush({ publicKey, register: (r) => registerPushDevice(r.token, r.deviceId) });
      setState(result === 'subscribed' ? 'subscribed' : result);
    } catch {
      notify.error(t('settingsPage.pushFailed'));
    } finally {
      setBusy(false);
    }
  };
  const turnOff = async () => {
    setBusy(true);
    try {
      await forgetPushDevice(pushDeviceId());
      const registration = await navigator.serviceWorker.getRegistration('/');
      await (await registration?.pushManager.getSubscription())?.unsubscribe();
      setState('off');
    } finally {
      setBusy(false);
    }
  };
  return (
    <div style={{ marginTop: tokens.spacingVerticalL, maxWidth: '720px' }} data-testid="browser-push">
      <MessageBar intent={state === 'denied' ? 'warning' : 'info'}>
        <MessageBarBody>
          <Text>{t(`settingsPage.pushState.${state}`)}</Text>
        </MessageBarBody>
      </MessageBar>
      {state === 'off' ? (
        <Button style={{ marginTop: tokens.spacingVerticalS }} disabled={busy} onClick={() => void turnOn()}>
          {t('settingsPage.enablePush')}
        </Button>
      ) : null}
      {state === 'subscribed' ? (
        <Button style={{ marginTop: tokens.spacingVerticalS }} disabled={busy} onClick={() => void turnOff()}>
          {t('settingsPage.disablePush')}
        </Button>
      ) : null}
    </div>
  );
}
