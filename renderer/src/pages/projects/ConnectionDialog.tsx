/**
 * Connect a project to its tracker: the tool, the account (Jira's e-mail, Trello's API key) and the token. The server checks them at the
 * tracker before keeping them (the token encrypted, never shown again); left empty, the stored token is kept
 * for the same tool and account. A refusal says the tracker's reason under "Failed to connect the project".
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { TRACKER_ERROR_CODES, type ProjectDetail } from '../../../../shared/contracts/projects';
import { TRACKER_TOOLS, type TrackerTool } from '../../../../shared/projects';
import { errorDetails } from '../../api/errors';
import { useConnectProject } from '../../api/hooks/projects';
import { FormDialog } from '../../components/FormDialog';
import { useFormState, type RuleMessages } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** The trackers a project can connect to today (docs/projects.md). */
const AVAILABLE: readonly TrackerTool[] = ['jira', 'azure-devops', 'trello', 'planner', 'monday'];

type Form = { tool: TrackerTool; user: string; token: string };

/** The trackers that take an account besides the token: Jira's e-mail, Trello's API key. */
const WITH_USER: readonly TrackerTool[] = ['jira', 'trello'];

export function ConnectionDialog({ project, onClose }: { project: ProjectDetail; onClose: () => void }) {
  const { t } = useTranslation(['projects', 'errors', 'validation']);
  const stored = project.connection;
  const form = useFormState<Form>(() => ({ tool: stored?.tool ?? 'jira', user: stored?.user ?? '', token: '' }));
  const { values } = form;
  const connect = useConnectProject(project.id);
  // The account sent: a tool without one sends none, whatever was typed for another tool before switching.
  const user = WITH_USER.includes(values.tool) ? values.user.trim() : '';
  const keepsToken = stored !== null && stored.tool === values.tool && stored.user === user;
  const rules: RuleMessages = {
    tool: AVAILABLE.includes(values.tool) ? null : t('connection.notAvailable', { tool: t(`tools.${values.tool}`) }),
    user:
      values.tool === 'jira' && !values.user.trim()
        ? t('validation:trackerUserRequired')
        : values.tool === 'trello' && !values.user.trim()
          ? t('validation:trackerKeyRequired')
          : null,
    token: !keepsToken && !values.token.trim() ? t('validation:trackerTokenRequired') : null,
  };
  const failure = t('errors:PROJECT_CONNECT_FAILED');

  const submit = () =>
    form.submit(rules, failure, () =>
      connect.mutate(
        {
          tool: values.tool,
          user,
          ...(values.token.trim() ? { token: values.token.trim() } : {}),
        },
        {
          onSuccess: onClose,
          onError: (error) => {
            form.failed(error, { fallback: failure });
            // The tracker's refusal, said in the interface's language.
            const tracker = (errorDetails(error) as { tracker?: unknown } | undefined)?.tracker;
            const known = TRACKER_ERROR_CODES.find((code) => code === tracker);
            if (known) form.setFormError(`${failure}: ${t(`connection.reasons.${known}`)}`);
          },
        },
      ),
    );

  return (
    <FormDialog
      title={t('connection.dialogTitle', { name: project.name })}
      description={t('connection.dialogDescription', { url: project.url })}
      size="medium"
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('connection.submit')}
      pending={connect.isPending}
    >
      <Field label={t('connection.tool')} required {...form.messages.field('tool', rules)}>
        <Dropdown
          value={t(`tools.${values.tool}`)}
          selectedOptions={[values.tool]}
          onOptionSelect={(_, d) => form.set('tool', d.optionValue as TrackerTool)}
        >
          {TRACKER_TOOLS.map((tool) => (
            <Option key={tool} value={tool}>
              {t(`tools.${tool}`)}
            </Option>
          ))}
        </Dropdown>
      </Field>
      {values.tool === 'jira' ? (
        <TextField
          form={form}
          rules={rules}
          name="user"
          type="email"
          label={t('connection.user')}
          hint={t('connection.userHint')}
          required
          autoFocus
        />
      ) : values.tool === 'trello' ? (
        <TextField
          form={form}
          rules={rules}
          name="user"
          autoComplete="off"
          label={t('connection.userTrello')}
          hint={t('connection.userTrelloHint')}
          required
          autoFocus
        />
      ) : null}
      <TextField
        form={form}
        rules={rules}
        name="token"
        type="password"
        autoComplete="off"
        label={
          values.tool === 'azure-devops'
            ? t('connection.tokenAzure')
            : values.tool === 'planner'
              ? t('connection.tokenPlanner')
              : t('connection.token')
        }
        hint={
          keepsToken
            ? t('connection.tokenKeep')
            : values.tool === 'planner'
              ? t('connection.tokenPlannerHint')
              : values.tool === 'monday'
                ? t('connection.monday.tokenHint')
                : undefined
        }
        required={!keepsToken}
      />
    </FormDialog>
  );
}
