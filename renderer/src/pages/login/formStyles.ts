import { makeStyles, tokens } from '@fluentui/react-components';

export const useFormStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  row: { display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: tokens.spacingHorizontalS },
  submit: { width: '100%' },
  footer: { textAlign: 'center', color: tokens.colorNeutralForeground3 },
  /** The company's logo's place while it loads (Fluent's Avatar, 32 px). */
  avatarSlot: { width: '32px', height: '32px', flexShrink: 0 },
  tenant: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  tenantText: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis' },
});
