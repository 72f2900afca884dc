/**
 * The actions on a table's row: an icon button named by its tooltip (edit, remove, revoke), a "more" menu
 * of several actions (edit, test, deactivate), and the actions column that holds either. Each table
 * passes only what the user may do.
 */
import {
  Button,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Tooltip,
  type ButtonProps,
} from '@fluentui/react-components';
import { MoreHorizontalRegular } from '@fluentui/react-icons';
import type { ReactElement, ReactNode } from 'react';
import type { Column } from './DataTable';

/** A subtle icon button whose tooltip is its accessible name. */
export function IconButton({
  label,
  icon,
  onClick,
}: {
  label: string;
  icon: ButtonProps['icon'];
  onClick?: () => void;
}) {
  return (
    <Tooltip content={label} relationship="label">
      <Button appearance="subtle" icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

export type RowMenuItem = {
  label: string;
  icon: ReactElement;
  onClick: () => void;
  disabled?: boolean;
};

/** A row's menu of actions behind a "more" button named `label` ("Actions for Omar"); false items are left out. */
export function RowMenu({ label, items }: { label: string; items: (RowMenuItem | false)[] }) {
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={label} relationship="label">
          <Button appearance="subtle" icon={<MoreHorizontalRegular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) =>
            item ? (
              <MenuItem key={item.label} icon={item.icon} disabled={item.disabled} onClick={item.onClick}>
                {item.label}
              </MenuItem>
            ) : null,
          )}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

/** The narrow last column of a table that holds each row's actions (an IconButton or a RowMenu). */
export function actionsColumn<T>(label: string, render: (item: T) => ReactNode): Column<T> {
  return { key: 'actions', label, width: '72px', render };
}
