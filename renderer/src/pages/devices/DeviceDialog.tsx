/** Add or edit a biometric device. The shared contract validates as the user types; the server has the last word. */
import { Field, Radio, RadioGroup } from '@fluentui/react-components';
import { createDeviceBodySchema, DEFAULT_DEVICE_PORT, type Device } from '../../../../shared/contracts/devices';
import { useSaveDevice, type DeviceBody } from '../../api/hooks/devices';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { firstIssueByField, useFormState } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { TimeZonePicker } from '../../components/TimeZonePicker';
import { useTranslation } from '../../i18n';

type Form = {
  name: string;
  serialNo: string;
  /** biotime: added by the BioTime pull; its mode is not a person's choice and is never sent. */
  mode: Device['mode'];
  ipAddress: string;
  port: string;
  timeZone: string;
  admsNetwork: string;
};

function toForm(device: Device | null): Form {
  return {
    name: device?.name ?? '',
    serialNo: device?.serialNo ?? '',
    mode: device?.mode ?? 'pull',
    ipAddress: device?.ipAddress ?? '',
    port: String(device?.port ?? DEFAULT_DEVICE_PORT),
    timeZone: device?.timeZone ?? '',
    admsNetwork: device?.admsNetwork ?? '',
  };
}

/**
 * A push device's network: left empty on create, the server binds it to its IP address; on edit, empty removes
 * the binding (every upload is then held for approval).
 */
function toBody(form: Form, editing: boolean): DeviceBody {
  const network = form.admsNetwork.trim();
  return {
    name: form.name,
    serialNo: form.serialNo,
    ...(form.mode === 'biotime' ? {} : { mode: form.mode }),
    ipAddress: form.ipAddress.trim() || null,
    // Digits only (the input drops the rest); empty reads as 0, which the contract refuses.
    port: Number(form.port),
    ...(form.timeZone.trim() ? { timeZone: form.timeZone.trim() } : {}),
    ...(form.mode === 'push' && (network || editing) ? { admsNetwork: network || null } : {}),
  };
}

export function DeviceDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  const form = useFormState<Form>(() => toForm(device));
  const { values } = form;

  const parsed = createDeviceBodySchema.safeParse(toBody(values, device !== null));
  const rules = firstIssueByField(parsed);
  if (!values.name.trim()) rules['name'] = t('dialog.nameRequired');
  if (!values.serialNo.trim()) rules['serialNo'] = t('dialog.serialRequired');
  if (rules['port']) rules['port'] = t('dialog.portInvalid');
  if (rules['timeZone']) rules['timeZone'] = t('dialog.timeZoneInvalid');
  if (values.mode === 'pull' && !values.ipAddress.trim()) rules['ipAddress'] = t('dialog.ipRequired');

  const save = useSaveDevice();
  // A serial number taken (this company's device, or another company's) is said under the field.
  const onError = (error: unknown) => form.failed(error, { fallback: t('errors:DEVICE_SAVE_FAILED') });
  const submit = () =>
    form.submit(rules, t('errors:VALIDATION'), () =>
      save.mutate({ id: device?.id, body: toBody(values, device !== null) }, { onSuccess: onClose, onError }),
    );

  const bound = { form, rules };

  return (
    <FormDialog
      title={device ? t('dialog.editTitle', { name: device.name }) : t('dialog.addTitle')}
      formLabel={device ? t('dialog.editLabel') : t('dialog.addTitle')}
      size="wide"
      error={form.formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={device ? t('dialog.saveChanges') : t('dialog.addTitle')}
      pending={save.isPending}
    >
      <div className={styles.grid}>
        <TextField
          {...bound}
          name="name"
          label={t('dialog.name')}
          required
          placeholder={t('dialog.namePlaceholder')}
          autoFocus
        />
        <TextField
          {...bound}
          name="serialNo"
          label={t('dialog.serialNo')}
          required
          placeholder={t('dialog.serialPlaceholder')}
        />
        {values.mode === 'biotime' ? (
          <Field label={t('dialog.mode')} className={styles.wide} hint={t('dialog.modeBiotimeHint')}>
            {t('table.modeBiotime')}
          </Field>
        ) : (
          <Field label={t('dialog.mode')} className={styles.wide}>
            <RadioGroup
              layout="horizontal"
              value={values.mode}
              onChange={(_, d) => form.set('mode', d.value === 'push' ? 'push' : 'pull')}
            >
              <Radio value="pull" label={t('dialog.modePull')} />
              <Radio value="push" label={t('dialog.modePush')} />
            </RadioGroup>
          </Field>
        )}
        <TextField
          {...bound}
          name="ipAddress"
          label={t('dialog.ipAddress')}
          required={values.mode === 'pull'}
          hint={values.mode === 'pull' ? t('dialog.ipHintPull') : t('dialog.ipHintPush')}
          placeholder={t('dialog.ipPlaceholder')}
        />
        {values.mode === 'push' ? (
          <TextField
            {...bound}
            name="admsNetwork"
            label={t('dialog.network')}
            hint={t('dialog.networkHint')}
            placeholder={t('dialog.networkPlaceholder')}
          />
        ) : null}
        <TextField
          {...bound}
          name="port"
          label={t('dialog.port')}
          inputMode="numeric"
          parse={(typed) => typed.replace(/[^\d]/g, '')}
        />
        <Field
          label={t('dialog.timeZone')}
          className={styles.wide}
          {...form.messages.field('timeZone', rules)}
          hint={device ? undefined : t('dialog.timeZoneHint')}
        >
          <TimeZonePicker
            value={values.timeZone}
            onChange={(zone) => form.set('timeZone', zone)}
            onBlur={form.messages.touch('timeZone')}
            placeholder={t('dialog.timeZonePlaceholder')}
          />
        </Field>
      </div>
    </FormDialog>
  );
}
