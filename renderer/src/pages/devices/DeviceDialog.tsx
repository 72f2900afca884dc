/** Add or edit a biometric device. The shared contract validates as the user types; the server has the last word. */
import { Combobox, Field, Input, Option, Radio, RadioGroup } from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { createDeviceBodySchema, DEFAULT_DEVICE_PORT, type Device } from '../../../../shared/contracts/devices';
import { errorCode, errorMessage, fieldErrors } from '../../api/errors';
import { useSaveDevice, type DeviceBody } from '../../api/hooks/devices';
import { FormDialog, useFormStyles } from '../../components/FormDialog';
import { useNotify } from '../../components/toasts';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { useTranslation } from '../../i18n';

type Form = {
  name: string;
  serialNo: string;
  mode: 'pull' | 'push';
  ipAddress: string;
  port: string;
  timeZone: string;
  admsNetwork: string;
};
type Key = keyof Form;

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
    mode: form.mode,
    ipAddress: form.ipAddress.trim() || null,
    // Digits only (the input drops the rest); empty reads as 0, which the contract refuses.
    port: Number(form.port),
    ...(form.timeZone.trim() ? { timeZone: form.timeZone.trim() } : {}),
    ...(form.mode === 'push' && (network || editing) ? { admsNetwork: network || null } : {}),
  };
}

function zoneList(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

export function DeviceDialog({ device, onClose }: { device: Device | null; onClose: () => void }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  const notify = useNotify();
  const zones = useMemo(() => zoneList(), []);
  const [form, setForm] = useState<Form>(() => toForm(device));
  const fields = useFieldMessages<Key>();
  const [formError, setFormError] = useState<string | null>(null);

  const parsed = createDeviceBodySchema.safeParse(toBody(form, device !== null));
  const ruleErrors = firstIssueByField(parsed);
  if (!form.name.trim()) ruleErrors['name'] = t('dialog.nameRequired');
  if (!form.serialNo.trim()) ruleErrors['serialNo'] = t('dialog.serialRequired');
  if (ruleErrors['port']) ruleErrors['port'] = t('dialog.portInvalid');
  if (ruleErrors['timeZone']) ruleErrors['timeZone'] = t('dialog.timeZoneInvalid');
  if (form.mode === 'pull' && !form.ipAddress.trim()) ruleErrors['ipAddress'] = t('dialog.ipRequired');

  const field = (key: Key) => fields.field(key, ruleErrors);
  const set = <K extends Key>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    fields.edited(key);
  };
  const touch = fields.touch;

  const save = useSaveDevice();
  const onError = (error: unknown) => {
    const byField = fieldErrors(error);
    fields.setServerErrors(byField);
    const code = errorCode(error);
    const text =
      code === 'DEVICE_SAVE_FAILED' && byField['serialNo']
        ? // This company's device, or (installation-wide) another company's: the server says which.
          (byField['serialNo'] ?? t('errors:DEVICE_SERIAL_EXISTS'))
        : Object.keys(byField).length > 0
          ? t('errors:VALIDATION')
          : errorMessage(error, t('errors:DEVICE_SAVE_FAILED'));
    setFormError(text);
    notify.error(t('errors:DEVICE_SAVE_FAILED'), text);
  };

  const submit = () => {
    fields.submitted();
    setFormError(null);
    if (Object.keys(ruleErrors).length > 0) {
      setFormError(t('errors:VALIDATION'));
      return;
    }
    save.mutate({ id: device?.id, body: toBody(form, device !== null) }, { onSuccess: onClose, onError });
  };

  const zoneQuery = form.timeZone.trim().toLowerCase();
  const zoneOptions = (zoneQuery ? zones.filter((z) => z.toLowerCase().includes(zoneQuery)) : zones).slice(0, 80);

  return (
    <FormDialog
      title={device ? t('dialog.editTitle', { name: device.name }) : t('dialog.addTitle')}
      formLabel={device ? t('dialog.editLabel') : t('dialog.addTitle')}
      size="wide"
      error={formError}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={device ? t('dialog.saveChanges') : t('dialog.addTitle')}
      pending={save.isPending}
    >
      <div className={styles.grid}>
        <Field label={t('dialog.name')} required {...field('name')}>
          <Input
            value={form.name}
            placeholder={t('dialog.namePlaceholder')}
            onChange={(_, d) => set('name', d.value)}
            onBlur={touch('name')}
            autoFocus
          />
        </Field>
        <Field label={t('dialog.serialNo')} required {...field('serialNo')}>
          <Input
            value={form.serialNo}
            placeholder={t('dialog.serialPlaceholder')}
            onChange={(_, d) => set('serialNo', d.value)}
            onBlur={touch('serialNo')}
          />
        </Field>
        <Field label={t('dialog.mode')} className={styles.wide}>
          <RadioGroup
            layout="horizontal"
            value={form.mode}
            onChange={(_, d) => set('mode', d.value === 'push' ? 'push' : 'pull')}
          >
            <Radio value="pull" label={t('dialog.modePull')} />
            <Radio value="push" label={t('dialog.modePush')} />
          </RadioGroup>
        </Field>
        <Field
          label={t('dialog.ipAddress')}
          required={form.mode === 'pull'}
          {...field('ipAddress')}
          hint={form.mode === 'push' ? t('dialog.ipHintPush') : t('dialog.ipHintPull')}
        >
          <Input
            value={form.ipAddress}
            placeholder={t('dialog.ipPlaceholder')}
            onChange={(_, d) => set('ipAddress', d.value)}
            onBlur={touch('ipAddress')}
          />
        </Field>
        {form.mode === 'push' ? (
          <Field label={t('dialog.network')} {...field('admsNetwork')} hint={t('dialog.networkHint')}>
            <Input
              value={form.admsNetwork}
              placeholder={t('dialog.networkPlaceholder')}
              onChange={(_, d) => set('admsNetwork', d.value)}
              onBlur={touch('admsNetwork')}
            />
          </Field>
        ) : null}
        <Field label={t('dialog.port')} {...field('port')}>
          <Input
            inputMode="numeric"
            value={form.port}
            onChange={(_, d) => set('port', d.value.replace(/[^\d]/g, ''))}
            onBlur={touch('port')}
          />
        </Field>
        <Field
          label={t('dialog.timeZone')}
          className={styles.wide}
          {...field('timeZone')}
          hint={device ? undefined : t('dialog.timeZoneHint')}
        >
          <Combobox
            freeform
            expandIcon={{ 'aria-label': t('common:actions.showOptions') }}
            placeholder={t('dialog.timeZonePlaceholder')}
            value={form.timeZone}
            selectedOptions={form.timeZone ? [form.timeZone] : []}
            onChange={(e) => set('timeZone', e.target.value)}
            onOptionSelect={(_, d) => set('timeZone', d.optionValue ?? '')}
            onBlur={touch('timeZone')}
          >
            {zoneOptions.map((z) => (
              <Option key={z} value={z}>
                {z}
              </Option>
            ))}
          </Combobox>
        </Field>
      </div>
    </FormDialog>
  );
}
