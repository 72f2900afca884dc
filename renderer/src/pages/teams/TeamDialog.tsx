/**
 * Add or rename a team: its name (required, unique in the company) and description. The shared contract checks
 * as the user types; the server has the last word (a taken name), said once, under the field.
 */
import { Field, Textarea } from '@fluentui/react-components';
import { teamBodySchema, type Team } from '../../../../shared/contracts/people';
import { useSaveTeam } from '../../api/hooks/teams';
import { FormDialog } from '../../components/FormDialog';
import { firstIssueByField, useFormState } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

type Form = { name: string; description: string };

const toBody = (form: Form) => ({ name: form.name, description: form.description.trim() || null });

export function TeamDialog({ team, onClose }: { team: Team | null; onClose: () => void }) {
  const { t } = useTranslation('teams');
  const form = useFormState<Form>(() => ({ name: team?.name ?? '', description: team?.description ?? '' }));
  const { values } = form;
  const rules = firstIssueByField(teamBodySchema.safeParse(toBody(values)));
  const save = useSaveTeam();
  const failure = team ? t('dialog.updateFailed') : t('dialog.addFailed');

  // A field's message is said under the field only; the banner is for what no field explains.
  const submit = () =>
    form.submit(rules, '', () =>
      save.mutate(team ? { id: team.id, body: toBody(values) } : { body: toBody(values) }, {
        onSuccess: onClose,
        onError: (error) => form.failed(error, { fallback: failure }),
      }),
    );

  const bound = { form, rules };
  return (
    <FormDialog
      title={team ? t('dialog.editTitle', { name: team.name }) : t('dialog.addTitle')}
      formLabel={team ? t('dialog.editTitle', { name: team.name }) : t('dialog.addTitle')}
      size="medium"
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={team ? t('dialog.submitEdit') : t('dialog.submitAdd')}
      pending={save.isPending}
    >
      <TextField {...bound} name="name" label={t('dialog.name')} required autoFocus maxLength={80} />
      <Field label={t('dialog.description')} {...form.messages.field('description', rules)}>
        <Textarea
          value={values.description}
          resize="vertical"
          maxLength={500}
          onChange={(_, d) => form.set('description', d.value)}
          onBlur={form.messages.touch('description')}
        />
      </Field>
    </FormDialog>
  );
}
