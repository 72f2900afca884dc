/**
 * Tenant settings (/settings): one tab per group, each shown only with its permission (workforce §2):
 * General needs view-tenant-settings, Productivity edit-productivity-settings (the spec's
 * productivity-setting), Leaves view-leave-management, Holidays view-public-holidays, Jobs (the scheduled
 * jobs' runs) view-tenant-settings, Provisioning (SCIM tokens of the identity provider) edit-tenant-settings.
 */
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import type { PermissionName } from '../../../../shared/permissions';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../api/hooks/me';
import { GeneralTab } from './GeneralTab';
import { HolidaysTab } from './HolidaysTab';
import { JobsTab } from './JobsTab';
import { LeavesTab } from './LeavesTab';
import { ProductivityTab } from './ProductivityTab';
import { ProvisioningTab } from './ProvisioningTab';

export const SETTINGS_TABS = [
  { value: 'general', label: 'General', permission: 'view-tenant-settings', Panel: GeneralTab },
  { value: 'productivity', label: 'Productivity', permission: 'edit-productivity-settings', Panel: ProductivityTab },
  { value: 'leaves', label: 'Leaves', permission: 'view-leave-management', Panel: LeavesTab },
  { value: 'holidays', label: 'Holidays', permission: 'view-public-holidays', Panel: HolidaysTab },
  { value: 'jobs', label: 'Jobs', permission: 'view-tenant-settings', Panel: JobsTab },
  { value: 'provisioning', label: 'Provisioning', permission: 'edit-tenant-settings', Panel: ProvisioningTab },
] as const satisfies readonly { value: string; label: string; permission: PermissionName; Panel: () => unknown }[];

/** Whoever may open at least one tab may open the page. */
export const SETTINGS_PERMISSIONS: readonly PermissionName[] = SETTINGS_TABS.map((t) => t.permission);

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
});

export function SettingsPage() {
  const styles = useStyles();
  const permissions = usePermissions();
  const tabs = SETTINGS_TABS.filter((t) => permissions.has(t.permission));
  const [selected, setSelected] = useState<string>(tabs[0]?.value ?? 'general');
  const current = tabs.find((t) => t.value === selected) ?? tabs[0];
  return (
    <>
      <PageHeader title="Settings" subtitle="How your company works in Teambeat." />
      <TabList
        className={styles.tabs}
        selectedValue={current?.value}
        onTabSelect={(_, d) => setSelected(String(d.value))}
        aria-label="Settings groups"
      >
        {tabs.map((t) => (
          <Tab key={t.value} value={t.value}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      {current ? (
        <div role="tabpanel" aria-label={current.label}>
          <current.Panel />
        </div>
      ) : null}
    </>
  );
}
