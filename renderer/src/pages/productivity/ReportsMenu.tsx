/** "Download report": the CSV reports the user may download, over the dashboard's range and team. */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { REPORTS, type ReportName } from '../../../../shared/contracts/productivity';
import { useDownloadReport, type RangeFilter } from '../../api/hooks/productivity';
import { usePermissions } from '../../api/hooks/me';
import { useTranslation } from '../../i18n';

export function ReportsMenu({ filter }: { filter: RangeFilter }) {
  const { t } = useTranslation('productivity');
  const permissions = usePermissions();
  const allowed = (Object.keys(REPORTS) as ReportName[]).filter((r) => permissions.has(REPORTS[r].permission));
  const download = useDownloadReport(filter);
  if (allowed.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="primary"
          icon={download.isPending ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabled={download.isPending}
        >
          {t('reports.download')}
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {allowed.map((report) => (
            <MenuItem key={report} onClick={() => download.download(report)}>
              {t('reports.item', { report: t(`reports.names.${report}`) })}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
