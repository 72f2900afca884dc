/**
 * Add or edit a project: name (unique), the tracker's address and project key (unique together; https://
 * optional), type and description. The shared contract checks as the user types; the server has the last word.
 */
import { Dropdown, Field, Option, Textarea } from '@fluentui/react-components';
import { projectBodySchema, type Project } from '../../../../shared/contracts/projects';
import { PROJECT_TYPES, type ProjectType } from '../../../../shared/projects';
import { useSaveProject } from '../../api/hooks/projects';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { firstIssueByField, useFormState } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

type Form = { name: string; url: string; key: string; type: ProjectType; description: string };

const toForm = (project: Project | null): Form => ({
  name: project?.name ?? '',
  url: project?.url ?? '',
  key: project?.key ?? '',
  type: project?.type ?? 'monthly',
  description: project?.description ?? '',
});

const toBody = (form: Form) => ({
  name: form.name,
  url: form.url,
  key: form.key,
  type: form.type,
  description: form.description.trim() || null,
});

export function ProjectDialog({
  project,
  onClose,
  onSaved,
}: {
  project: Project | null;
  onClose: () => void;
  onSaved?: (project: Project) => void;
}) {
  const styles = useFormStyles();
  const { t } = useTranslation(['projects', 'errors']);
  const form = useFormState<Form>(() => toForm(project));
  const { values } = form;
  const rules = firstIssueByField(projectBodySchema.safeParse(toBody(values)));
  const save = useSaveProject();
  const failure = project ? t('errors:PROJECT_UPDATE_FAILED') : t('errors:PROJECT_ADD_FAILED');

  const submit = () =>
    form.submit(rules, t('errors:PROJECT_INCOMPLETE'), () =>
      save.mutate(project ? { id: project.id, body: toBody(values) } : { body: toBody(values) }, {
        onSuccess: (saved) => {
          onSaved?.(saved);
          onClose();
        },
        onError: (error) => form.failed(error, { fallback: failure }),
      }),
    );

  const bound = { form, rules };
  return (
    <FormDialog
      title={project ? t('dialog.editTitle', { name: project.name }) : t('dialog.addTitle')}
      size="wide"
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={project ? t('dialog.save') : t('dialog.addTitle')}
      pending={save.isPending}
    >
      <div className={styles.grid}>
        <TextField {...bound} name="name" label={t('dialog.name')} required autoFocus className={styles.wide} />
        <TextField
          {...bound}
          name="url"
          label={t('dialog.url')}
          required
          hint={t('dialog.urlHint')}
          placeholder={t('dialog.urlPlaceholder')}
        />
        <TextField {...bound} name="key" label={t('dialog.key')} required hint={t('dialog.keyHint')} />
        <Field label={t('dialog.type')} required>
          <Dropdown
            value={t(`types.${values.type}`)}
            selectedOptions={[values.type]}
            onOptionSelect={(_, d) => form.set('type', d.optionValue as ProjectType)}
          >
            {PROJECT_TYPES.map((type) => (
              <Option key={type} value={type}>
                {t(`types.${type}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('dialog.description')} className={styles.wide} {...form.messages.field('description', rules)}>
          <Textarea
            value={values.description}
            resize="vertical"
            onChange={(_, d) => form.set('description', d.value)}
            onBlur={form.messages.touch('description')}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
