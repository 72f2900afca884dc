/**
 * Biometric Devices (/biometric/management): the devices, punches waiting for an employee and the device user
 * mappings, device agent keys (and, in the desktop app, this computer's own agent), the ADMS push settings, and the
 * BioTime server connection.
 * Every control is shown only to holders of the permission its API needs.
 */
import { Button, makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { AddRegular } from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { biotimeKeys } from '../../api/hooks/biotime';
import { deviceKeys } from '../../api/hooks/devices';
import { PageHeader } from '../../components/PageHeader';
import { platform } from '../../platform';
import { usePermissions } from '../../api/hooks/me';
import { useTranslation } from '../../i18n';
import { AdmsPanel } from './AdmsPanel';
import { AgentKeysPanel } from './AgentKeysPanel';
import { BiotimePanel } from './BiotimePanel';
import { DeviceDialog } from './DeviceDialog';
import { DevicesTable } from './DevicesTable';
import { MappingPanel } from './MappingPanel';
import { ThisComputerAgent } from './ThisComputerAgent';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
});

type TabKey = 'devices' | 'punches' | 'agents' | 'adms' | 'biotime';
const TAB_QUERIES = {
  devices: deviceKeys.devices,
  punches: deviceKeys.unmapped,
  agents: deviceKeys.agentKeys,
  adms: deviceKeys.pending,
  biotime: biotimeKeys.connection,
} as const;

export function BiometricDevicesPage() {
  const styles = useStyles();
  const { t } = useTranslation('devices');
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [tab, setTab] = useState<TabKey>('devices');
  const [adding, setAdding] = useState(false);
  const canAdd = permissions.has('connect-biometric-device');
  const canManageKeys = permissions.has('setup-biometric-integration');
  const desktopAgent = platform.deviceAgent;
  const showAgents = canManageKeys || desktopAgent !== null;

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<AddRegular />} onClick={() => setAdding(true)}>
      {t('page.addDevice')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={tab === 'devices' ? addButton : null}
      />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => {
          const next = d.value as TabKey;
          // Agents and push devices change what the lists show while the page is open: coming back reads them anew.
          void queryClient.invalidateQueries({ queryKey: TAB_QUERIES[next] });
          setTab(next);
        }}
        aria-label={t('page.sections')}
      >
        <Tab value="devices">{t('page.tabs.devices')}</Tab>
        <Tab value="punches">{t('page.tabs.punches')}</Tab>
        {showAgents ? <Tab value="agents">{t('page.tabs.agents')}</Tab> : null}
        <Tab value="adms">{t('page.tabs.adms')}</Tab>
        <Tab value="biotime">{t('page.tabs.biotime')}</Tab>
      </TabList>
      {tab === 'devices' ? <DevicesTable addButton={addButton} /> : null}
      {tab === 'punches' ? <MappingPanel /> : null}
      {tab === 'agents' && showAgents ? (
        <>
          {desktopAgent ? <ThisComputerAgent agent={desktopAgent} /> : null}
          {canManageKeys ? <AgentKeysPanel /> : null}
        </>
      ) : null}
      {tab === 'adms' ? <AdmsPanel /> : null}
      {tab === 'biotime' ? <BiotimePanel /> : null}
      {adding ? <DeviceDialog device={null} onClose={() => setAdding(false)} /> : null}
    </>
  );
}
