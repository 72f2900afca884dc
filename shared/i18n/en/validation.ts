/**
 * English texts: field messages of the shared rules (namespace `validation`). The rules (shared/validation.ts,
 * text-rules.ts, settings.ts, contracts) take their English text from here; the server answers a field
 * message in the caller's language by finding its key from the English text (server/src/http/localize.ts),
 * and the renderer does the same for its early checks (renderer/src/components/form-fields.ts).
 */
export const validation = {
  required: 'This field is required',
  email: 'Enter a valid e-mail address',
  date: 'Enter a valid date',
  dateRange: 'Enter a date from {{min}} to {{max}}',
  month: 'Month as YYYY-MM',
  singleLineText: 'Remove control characters, line breaks and text-direction overrides',
  multiLineText: 'Remove control characters and text-direction overrides',
  timeZone: 'Unknown time zone',
  workingDay: 'At least one day of the week must be a working day',
  eachDayOnce: 'Each day only once',
  network: 'Enter an address like 192.168.10.0/24',
  password: 'Enter your password',
  code: 'The code has 6 digits',
  unknownField: 'Unknown field: {{fields}}',
  invalid: 'Invalid value',
  maxLength: 'At most {{max}} characters',
  correctionReason: 'A correction needs a reason',
  pictureAddress: 'Upload the picture instead of giving an address; null removes it',
  pictureType: 'The picture must be a PNG, JPEG or WebP image',
  pictureRequired: 'Choose a picture',
  pictureSize: 'The picture must be 2 MiB or smaller',
  pictureBase64: 'The picture must be base64',
  pictureMismatch: 'The file is not a {{type}} image',
  bodyUtf8: 'The body is not valid UTF-8',
  bodyTooDeep: 'The body is nested too deeply',
  duplicateKey: 'Duplicate key',
};
