/** "Download report": the CSV reports the user may download, over the dashboard's range and team. */
import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Spinner } from '@fluentui/react-components';
import { ArrowDownloadRegular } from '@fluentui/react-icons';
import { useMutation } from '@tanstack/react-query';
import { REPORTS, type ReportName } from '../../../../shared/contracts/productivity';
import { errorMessage } from '../../api/errors';
import { downloadReport, type RangeFilter } from '../../api/productivity';
import { useNotify } from '../../components/toasts';
import { usePermissions } from '../../api/hooks/me';

export function ReportsMenu({ filter }: { filter: RangeFilter }) {
  const permissions = usePermissions();
  const notify = useNotify();
  const allowed = (Object.keys(REPORTS) as ReportName[]).filter((r) => permissions.has(REPORTS[r].permission));
  const download = useMutation({
    mutationFn: (report: ReportName) => downloadReport(report, filter),
    onSuccess: (_, report) => notify.success(`${REPORTS[report].title} downloaded`),
    onError: (error, report) => notify.error(`${REPORTS[report].title} could not be downloaded`, errorMessage(error)),
  });
  if (allowed.length === 0) return null;
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="primary"
          icon={download.isPending ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
          disabled={download.isPending}
        >
          Download report
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {allowed.map((report) => (
            <MenuItem key={report} onClick={() => download.mutate(report)}>
              {REPORTS[report].title} (CSV)
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
