/**
 * Tabs inside a page (Settings, Feedback Management, Badge Control): a named tab list and the chosen tab's
 * panel, named like its tab. The first tab is chosen at first; a tab that goes away falls back to the first.
 * A switch away from a panel with unsaved edits asks first (components/unsaved.tsx), since the panel unmounts.
 */
import { makeStyles, Tab, TabList, tokens } from '@fluentui/react-components';
import { useState, type ReactNode } from 'react';
import { useLeaveGuard } from './unsaved';

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalL },
});

export type PanelTab = { value: string; label: string; content: ReactNode };

export function PanelTabs({ label, tabs }: { label: string; tabs: readonly PanelTab[] }) {
  const styles = useStyles();
  const [selected, setSelected] = useState(tabs[0]?.value);
  const confirmLeave = useLeaveGuard();
  const current = tabs.find((tab) => tab.value === selected) ?? tabs[0];
  return (
    <>
      <TabList
        className={styles.tabs}
        selectedValue={current?.value}
        onTabSelect={(_, d) => {
          const next = String(d.value);
          void confirmLeave().then((leave) => {
            if (leave) setSelected(next);
          });
        }}
        aria-label={label}
      >
        {tabs.map((tab) => (
          <Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tab>
        ))}
      </TabList>
      {current ? (
        <div role="tabpanel" aria-label={current.label}>
          {current.content}
        </div>
      ) : null}
    </>
  );
}
