/** Add or edit a function: its name (unique in the company) and description. */
import type { FunctionItem } from '../../../../shared/contracts/functions';
import { useSaveFunction } from '../../api/hooks/functions';
import { useTranslation } from '../../i18n';
import { CatalogueDialog, DescriptionField, NameField, useCatalogueForm } from '../feedback-management/catalogue-form';

export function FunctionDialog({ fn, onClose }: { fn: FunctionItem | null; onClose: () => void }) {
  const { t } = useTranslation('feedbackAdmin');
  const form = useCatalogueForm({
    dialog: 'functionDialog',
    initial: fn,
    fields: ['name', 'description'],
    label: (key) => t(`functionDialog.${key}`),
    onClose,
  });
  const save = useSaveFunction();

  const submit = () => form.submit({}, (callbacks) => save.mutate({ id: fn?.id, body: form.values }, callbacks));

  return (
    <CatalogueDialog form={form} size="medium" pending={save.isPending} onSubmit={submit} onClose={onClose}>
      <NameField form={form} />
      <DescriptionField form={form} />
    </CatalogueDialog>
  );
}
