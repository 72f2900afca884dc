/** The permission catalogue grouped as shared/permissions.ts PERMISSION_GROUPS, with group check boxes. */
import {
  Accordion,
  AccordionHeader,
  AccordionItem,
  AccordionPanel,
  Badge,
  Checkbox,
  makeStyles,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  ACTIVITY_KEYS,
  PERMISSION_GROUPS,
  PERMISSION_NAMES,
  PERMISSIONS,
  type ActivityKey,
  type PermissionName,
} from '../../../../shared/permissions';
import { useFormat, useTranslation } from '../../i18n';

const BY_GROUP = PERMISSION_GROUPS.map((group) => ({
  group,
  names: PERMISSION_NAMES.filter((name) => PERMISSIONS[name].group === group),
}));

const useStyles = makeStyles({
  header: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, width: '100%' },
  count: { marginLeft: 'auto', marginRight: tokens.spacingHorizontalS },
  all: { marginBottom: tokens.spacingVerticalXS },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))',
    gap: `0 ${tokens.spacingHorizontalL}`,
    alignItems: 'start',
    paddingLeft: tokens.spacingHorizontalXL,
  },
  label: { display: 'flex', flexDirection: 'column' },
  code: {
    color: tokens.colorNeutralForeground3,
    fontFamily: tokens.fontFamilyMonospace,
    fontSize: tokens.fontSizeBase100,
  },
  item: { borderBottom: `1px solid ${tokens.colorNeutralStroke3}` },
});

function ItemLabel({ text, code }: { text: string; code: string }) {
  const styles = useStyles();
  return (
    <span className={styles.label}>
      <Text>{text}</Text>
      <code className={styles.code}>{code}</code>
    </span>
  );
}

export function PermissionPicker({
  selected,
  grantable,
  onChange,
}: {
  selected: ReadonlySet<PermissionName>;
  /** What the editor may grant: their own permissions (the server refuses anything else). */
  grantable: ReadonlySet<string>;
  onChange: (next: Set<PermissionName>) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('people');
  const format = useFormat();
  const toggle = (names: readonly PermissionName[], on: boolean) => {
    const next = new Set(selected);
    for (const name of names) {
      if (!grantable.has(name)) continue;
      if (on) next.add(name);
      else next.delete(name);
    }
    onChange(next);
  };
  return (
    <Accordion multiple collapsible aria-label={t('picker.permissions')}>
      {BY_GROUP.map(({ group, names }) => {
        const count = names.filter((n) => selected.has(n)).length;
        const state = count === 0 ? false : count === names.length ? true : 'mixed';
        return (
          <AccordionItem key={group} value={group} className={styles.item}>
            {/* The header is a button: the group's check box lives in the panel, never inside it. */}
            <AccordionHeader expandIconPosition="end">
              <span className={styles.header}>
                <Text weight="semibold">{t(`permissionGroups.${group}`)}</Text>
                <Badge
                  className={styles.count}
                  appearance={count > 0 ? 'tint' : 'outline'}
                  color={count > 0 ? 'brand' : 'subtle'}
                >
                  {t('picker.groupCount', { count: format.number(count), total: format.number(names.length) })}
                </Badge>
              </span>
            </AccordionHeader>
            <AccordionPanel>
              <Checkbox
                className={styles.all}
                checked={state}
                onChange={(_, d) => toggle(names, d.checked === true)}
                label={<Text weight="semibold">{t('picker.allOf', { group: t(`permissionGroups.${group}`) })}</Text>}
              />
              <div className={styles.list}>
                {names.map((name) => (
                  <Checkbox
                    key={name}
                    checked={selected.has(name)}
                    disabled={!grantable.has(name)}
                    onChange={(_, d) => toggle([name], d.checked === true)}
                    label={<ItemLabel text={t(`permissions.${name}`)} code={name} />}
                  />
                ))}
              </div>
            </AccordionPanel>
          </AccordionItem>
        );
      })}
    </Accordion>
  );
}

export function ActivityPicker({
  selected,
  onChange,
}: {
  selected: ReadonlySet<ActivityKey>;
  onChange: (next: Set<ActivityKey>) => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('people');
  return (
    <div className={styles.list} role="group" aria-label={t('picker.activities')}>
      {ACTIVITY_KEYS.map((key) => (
        <Checkbox
          key={key}
          checked={selected.has(key)}
          onChange={(_, d) => {
            const next = new Set(selected);
            if (d.checked === true) next.add(key);
            else next.delete(key);
            onChange(next);
          }}
          label={<ItemLabel text={t(`activities.${key}`)} code={key} />}
        />
      ))}
    </div>
  );
}
