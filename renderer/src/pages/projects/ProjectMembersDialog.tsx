/**
 * The members of a project (docs/projects.md "Members"): employees added by a search, each with a role
 * (product owner or member) and an allocation in percent, removed from their row. Save replaces the
 * members with the list shown. Allocations are checked with the server's contract as they are typed; the
 * server has the last word, and its messages show in the dialog.
 */
import { Dropdown, Field, Input, makeStyles, Option, Text, tokens } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { projectMembersBodySchema, type ProjectDetail } from '../../../../shared/contracts/projects';
import { localizeMessage } from '../../../../shared/i18n/localize';
import { PROJECT_ROLES, type ProjectRole } from '../../../../shared/projects';
import { useSetProjectMembers } from '../../api/hooks/projects';
import { StaticTable } from '../../components/DataTable';
import { FormDialog } from '../../components/FormDialog';
import { formFailure, useFieldMessages, type RuleMessages } from '../../components/form-fields';
import { IconButton } from '../../components/RowActions';
import { useTranslation } from '../../i18n';
import { EmployeeCombobox } from './EmployeeCombobox';

const useStyles = makeStyles({
  person: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  role: { minWidth: '150px' },
  allocation: { width: '96px' },
  list: { maxHeight: '360px', overflowY: 'auto' },
});

type Row = { employeeId: number; name: string; detail: string; role: ProjectRole; allocation: string };

/**
 * The contract's message for an allocation out of range. Text that is no whole number reads the same, not
 * zod's own English type message.
 */
const ALLOCATION_MESSAGE =
  projectMembersBodySchema.shape.members.element.shape.allocation.safeParse(-1).error?.issues[0]?.message ?? null;

const allocationKey = (employeeId: number) => `allocation-${employeeId}`;
const toNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function ProjectMembersDialog({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['projects', 'errors']);
  const [rows, setRows] = useState<Row[]>(() =>
    project.members.map((m) => ({
      employeeId: m.employeeId,
      name: m.name,
      detail: m.email,
      role: m.role,
      allocation: String(m.allocation),
    })),
  );
  const [error, setError] = useState<string | null>(null);
  const messages = useFieldMessages<string>();
  const save = useSetProjectMembers(project.id);
  const failure = t('errors:PROJECT_MEMBER_FAILED');

  const body = {
    members: rows.map((r) => ({ employeeId: r.employeeId, role: r.role, allocation: toNumber(r.allocation) })),
  };
  const parsed = projectMembersBodySchema.safeParse(body);
  const rules: RuleMessages = {};
  let listIssue: string | null = null;
  for (const issue of parsed.error?.issues ?? []) {
    const row = typeof issue.path[1] === 'number' ? rows[issue.path[1]] : undefined;
    if (row && issue.path[2] === 'allocation') rules[allocationKey(row.employeeId)] ??= ALLOCATION_MESSAGE;
    else listIssue ??= issue.message;
  }

  const change = (employeeId: number, patch: Partial<Row>) =>
    setRows((list) => list.map((r) => (r.employeeId === employeeId ? { ...r, ...patch } : r)));
  const remove = (employeeId: number) => {
    setRows((list) => list.filter((r) => r.employeeId !== employeeId));
    // The server's messages name rows by their place in the list, which has just changed.
    messages.setServerErrors({});
  };

  const submit = () => {
    messages.submitted();
    if (!parsed.success) {
      // The contract writes English (docs/i18n.md); each row's own message shows under it.
      const translate = t as unknown as (key: string, options?: Record<string, string>) => string;
      setError(listIssue && localizeMessage(listIssue, translate));
      return;
    }
    setError(null);
    save.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (e) => {
        // Field paths name rows by index (members.2.allocation); each message goes under its row, the rest above.
        const said = formFailure(e, { fallback: failure, shown: rows.map((_, i) => `members.${i}.allocation`) });
        const byRow: Record<string, string> = {};
        for (const [path, text] of Object.entries(said.fields)) {
          const row = rows[Number(path.split('.')[1])];
          if (row) byRow[allocationKey(row.employeeId)] = text;
        }
        messages.setServerErrors(byRow);
        setError(said.banner);
      },
    });
  };

  return (
    <FormDialog
      title={t('team.membersDialog', { name: project.name })}
      size="wide"
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('team.save')}
      pending={save.isPending}
    >
      <EmployeeCombobox
        label={t('team.addMember')}
        placeholder={t('team.addMemberPlaceholder')}
        keep={false}
        autoFocus
        taken={new Set(rows.map((r) => r.employeeId))}
        onPick={(choice) => {
          if (choice)
            setRows((list) => [
              ...list,
              { employeeId: choice.id, name: choice.name, detail: choice.detail, role: 'member', allocation: '' },
            ]);
        }}
      />
      {rows.length === 0 ? (
        <Text className={styles.muted}>{t('team.noMembers')}</Text>
      ) : (
        <div className={styles.list}>
          <StaticTable<Row>
            label={t('team.members')}
            rows={rows}
            rowKey={(r) => r.employeeId}
            size="small"
            columns={[
              {
                key: 'employee',
                label: t('team.employee'),
                wrap: true,
                render: (r) => (
                  <span className={styles.person}>
                    <Text weight="semibold">{r.name}</Text>
                    {r.detail ? (
                      <Text size={200} className={styles.muted}>
                        {r.detail}
                      </Text>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'role',
                label: t('team.role'),
                render: (r) => (
                  <Dropdown
                    className={styles.role}
                    aria-label={t('team.roleOf', { name: r.name })}
                    value={t(`team.roles.${r.role}`)}
                    selectedOptions={[r.role]}
                    onOptionSelect={(_, d) => change(r.employeeId, { role: d.optionValue as ProjectRole })}
                  >
                    {PROJECT_ROLES.map((role) => (
                      <Option key={role} value={role}>
                        {t(`team.roles.${role}`)}
                      </Option>
                    ))}
                  </Dropdown>
                ),
              },
              {
                key: 'allocation',
                label: t('team.allocationPercent'),
                render: (r) => {
                  const key = allocationKey(r.employeeId);
                  return (
                    <Field {...messages.field(key, rules)}>
                      <Input
                        className={styles.allocation}
                        type="number"
                        inputMode="numeric"
                        min={0}
                        max={100}
                        step={1}
                        aria-label={t('team.allocationOf', { name: r.name })}
                        value={r.allocation}
                        onChange={(_, d) => {
                          change(r.employeeId, { allocation: d.value });
                          messages.edited(key);
                          // Checked as typed: the rule's message shows from the first keystroke.
                          messages.touch(key)();
                        }}
                        onBlur={messages.touch(key)}
                      />
                    </Field>
                  );
                },
              },
              {
                key: 'remove',
                label: t('columns.actions'),
                hideLabel: true,
                width: '48px',
                render: (r) => (
                  <IconButton
                    label={t('team.remove', { name: r.name })}
                    icon={<DismissRegular />}
                    onClick={() => remove(r.employeeId)}
                  />
                ),
              },
            ]}
          />
        </div>
      )}
    </FormDialog>
  );
}
