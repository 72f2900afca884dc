/**
 * Tenant settings (/settings): one tab per group, each shown only with its permission (workforce §2):
 * General, Tenant (logo, time zone) and Demo data need view-tenant-settings (changes need edit-tenant-settings), Feedback (docs/feedback.md "Settings") view-tenant-settings,
 * Productivity edit-productivity-settings (the spec's productivity-setting), Notification
 * edit-notification-settings (docs/notifications.md "Settings"), Leaves view-leave-management, Holidays view-public-holidays, Jobs (the scheduled
 * jobs' runs) view-tenant-settings, Provisioning (SCIM tokens of the identity provider) edit-tenant-settings,
 * Single sign-on edit-tenant-settings held by an account holding every permission (the server demands it: the
 * provider named there can sign in as anyone; docs/sso.md), so the tab is not offered to anyone else.
 */
import { PERMISSION_NAMES, type PermissionName } from '../../../../shared/permissions';
import { PageHeader } from '../../components/PageHeader';
import { PanelTabs } from '../../components/PanelTabs';
import { usePermissions } from '../../api/hooks/me';
import { useTranslation } from '../../i18n';
import { DemoDataTab } from './DemoDataTab';
import { FeedbackTab } from './FeedbackTab';
import { GeneralTab } from './GeneralTab';
import { HolidaysTab } from './HolidaysTab';
import { JobsTab } from './JobsTab';
import { LeavesTab } from './LeavesTab';
import { NotificationTab } from './NotificationTab';
import { ProductivityTab } from './ProductivityTab';
import { ProvisioningTab } from './ProvisioningTab';
import { SsoTab } from './SsoTab';
import { TenantTab } from './TenantTab';

export const SETTINGS_TABS = [
  { value: 'general', permission: 'view-tenant-settings', Panel: GeneralTab },
  { value: 'tenant', permission: 'view-tenant-settings', Panel: TenantTab },
  { value: 'feedback', permission: 'view-tenant-settings', Panel: FeedbackTab },
  { value: 'productivity', permission: 'edit-productivity-settings', Panel: ProductivityTab },
  { value: 'notification', permission: 'edit-notification-settings', Panel: NotificationTab },
  { value: 'demo', permission: 'view-tenant-settings', Panel: DemoDataTab },
  { value: 'leaves', permission: 'view-leave-management', Panel: LeavesTab },
  { value: 'holidays', permission: 'view-public-holidays', Panel: HolidaysTab },
  { value: 'jobs', permission: 'view-tenant-settings', Panel: JobsTab },
  { value: 'provisioning', permission: 'edit-tenant-settings', Panel: ProvisioningTab },
  { value: 'sso', permission: 'edit-tenant-settings', everyPermission: true, Panel: SsoTab },
] as const satisfies readonly {
  value: string;
  permission: PermissionName;
  /** Only for an account holding every permission of the catalogue. */
  everyPermission?: boolean;
  Panel: () => unknown;
}[];

/** Whoever may open at least one tab may open the page. */
export const SETTINGS_PERMISSIONS: readonly PermissionName[] = SETTINGS_TABS.map((t) => t.permission);

export function SettingsPage() {
  const { t: tr } = useTranslation('settings');
  const permissions = usePermissions();
  const holdsAll = PERMISSION_NAMES.every((name) => permissions.has(name));
  const tabs = SETTINGS_TABS.filter(
    (t) => permissions.has(t.permission) && (!('everyPermission' in t) || !t.everyPermission || holdsAll),
  );
  return (
    <>
      <PageHeader title={tr('page.title')} subtitle={tr('page.subtitle')} />
      <PanelTabs
        label={tr('page.tabsLabel')}
        tabs={tabs.map(({ value, Panel }) => ({ value, label: tr(`tabs.${value}`), content: <Panel /> }))}
      />
    </>
  );
}
