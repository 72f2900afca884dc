/**
 * Add a sprint by hand, or set a sprint's goal, time cycle, status and data points: QA kickback, UAT kickback
 * and carry-overs (whole percentages 0-100) and the quality test result. Goal, time cycle and status are
 * mandatory (the shared contract checks as the user types; the server has the last word).
 */
import { Dropdown, Field, Option } from '@fluentui/react-components';
import { sprintBodySchema, type Sprint } from '../../../../shared/contracts/projects';
import { QUALITY_RESULTS, SPRINT_STATUSES, type QualityResult, type SprintStatus } from '../../../../shared/projects';
import { useSaveSprint } from '../../api/hooks/projects';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { firstIssueByField, useFormState } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

type Form = {
  name: string;
  goal: string;
  startDate: string;
  endDate: string;
  status: SprintStatus;
  qaKickback: string;
  uatKickback: string;
  carryOvers: string;
  qualityResult: QualityResult;
};

const percentText = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
/** Empty is "not set"; anything else is the number typed (the contract refuses what is not 0-100). */
const percentValue = (text: string) => (text.trim() === '' ? null : Number(text));

const toBody = (form: Form) => ({
  name: form.name,
  goal: form.goal,
  startDate: form.startDate,
  endDate: form.endDate,
  status: form.status,
  qaKickback: percentValue(form.qaKickback),
  uatKickback: percentValue(form.uatKickback),
  carryOvers: percentValue(form.carryOvers),
  qualityResult: form.qualityResult,
});

export function SprintDialog({
  projectId,
  sprint,
  onClose,
}: {
  projectId: number;
  sprint: Sprint | null;
  onClose: () => void;
}) {
  const styles = useFormStyles();
  const { t } = useTranslation(['projects', 'errors']);
  const form = useFormState<Form>(() => ({
    name: sprint?.name ?? '',
    goal: sprint?.goal ?? '',
    startDate: sprint?.startDate ?? '',
    endDate: sprint?.endDate ?? '',
    status: sprint?.status ?? 'active',
    qaKickback: percentText(sprint?.qaKickback),
    uatKickback: percentText(sprint?.uatKickback),
    carryOvers: percentText(sprint?.carryOvers),
    qualityResult: sprint?.qualityResult ?? 'none',
  }));
  const { values } = form;
  const rules = firstIssueByField(sprintBodySchema.safeParse(toBody(values)));
  const save = useSaveSprint(projectId);
  const invalid = t('errors:VALIDATION');

  const submit = () =>
    form.submit(rules, invalid, () =>
      save.mutate(
        { sprintId: sprint?.id, body: toBody(values) },
        {
          onSuccess: onClose,
          onError: (error) => form.failed(error),
        },
      ),
    );
  const bound = { form, rules };
  const digits = (typed: string) => typed.replace(/[^\d]/g, '').slice(0, 3);

  return (
    <FormDialog
      title={sprint ? t('sprintDialog.editTitle', { name: sprint.name }) : t('sprintDialog.addTitle')}
      description={sprint?.fromTracker ? t('sprintDialog.fromTrackerHint') : undefined}
      size="wide"
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('sprintDialog.save')}
      pending={save.isPending}
    >
      <div className={styles.grid}>
        <TextField {...bound} name="name" label={t('sprintDialog.name')} required className={styles.wide} />
        <TextField {...bound} name="goal" label={t('sprintDialog.goal')} required autoFocus className={styles.wide} />
        <TextField {...bound} name="startDate" type="date" label={t('sprintDialog.startDate')} required />
        <TextField {...bound} name="endDate" type="date" label={t('sprintDialog.endDate')} required />
        <Field label={t('sprintDialog.status')} required>
          <Dropdown
            value={t(`overview.statuses.${values.status}`)}
            selectedOptions={[values.status]}
            onOptionSelect={(_, d) => form.set('status', d.optionValue as SprintStatus)}
          >
            {SPRINT_STATUSES.map((status) => (
              <Option key={status} value={status}>
                {t(`overview.statuses.${status}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('sprintDialog.qualityResult')}>
          <Dropdown
            value={t(`overview.qualityResults.${values.qualityResult}`)}
            selectedOptions={[values.qualityResult]}
            onOptionSelect={(_, d) => form.set('qualityResult', d.optionValue as QualityResult)}
          >
            {QUALITY_RESULTS.map((result) => (
              <Option key={result} value={result}>
                {t(`overview.qualityResults.${result}`)}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <TextField
          {...bound}
          name="qaKickback"
          inputMode="numeric"
          parse={digits}
          label={t('sprintDialog.qaKickback')}
        />
        <TextField
          {...bound}
          name="uatKickback"
          inputMode="numeric"
          parse={digits}
          label={t('sprintDialog.uatKickback')}
        />
        <TextField
          {...bound}
          name="carryOvers"
          inputMode="numeric"
          parse={digits}
          label={t('sprintDialog.carryOvers')}
        />
      </div>
    </FormDialog>
  );
}
