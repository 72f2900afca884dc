import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';

/** The product's name, the same in every language. */
const BRAND_NAME = 'Teambeat';

const useStyles = makeStyles({
  lockup: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  word: { letterSpacing: '-0.02em', color: tokens.colorNeutralForeground1 },
  onBrand: { color: '#fff' },
});

/** The Teambeat mark: a pulse line on the brand gradient. */
export function BrandMark({ size = 32, className }: { size?: number; className?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="tb-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7d6ff8" />
          <stop offset="1" stopColor="#4132c9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="15" fill="url(#tb-mark)" />
      <path
        d="M10 34h10l5-12 8 22 6-16 4 6h11"
        fill="none"
        stroke="#fff"
        strokeWidth="5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export function BrandLockup({
  size = 28,
  className,
  onBrand = false,
}: {
  size?: number;
  className?: string;
  /** On the brand gradient the word mark is white in both themes. */
  onBrand?: boolean;
}) {
  const styles = useStyles();
  return (
    <span className={mergeClasses(styles.lockup, className)}>
      <BrandMark size={size} />
      <Text weight="bold" size={size > 30 ? 600 : 500} className={mergeClasses(styles.word, onBrand && styles.onBrand)}>
        {BRAND_NAME}
      </Text>
    </span>
  );
}
