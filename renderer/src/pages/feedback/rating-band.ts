/**
 * The colours of the spec's rating bands (shared/feedback.ts ratingBand: over 4.5, 3.5-4.5, 2.5-3.5,
 * 1.5-2.5, below 1.5), one set for the feedback cards and the Overview pages. Theme tokens, so renderer
 * only; the bands themselves are shared.
 */
import { tokens } from '@fluentui/react-components';
import { ratingBand, type RatingBand } from '../../../../shared/feedback';

export const BAND_COLORS: Record<RatingBand, string> = {
  outstanding: tokens.colorPaletteGreenForeground1,
  strong: tokens.colorPaletteLightGreenForeground1,
  steady: tokens.colorPaletteMarigoldForeground1,
  weak: tokens.colorPaletteDarkOrangeForeground1,
  poor: tokens.colorPaletteRedForeground1,
};

/** The colour of an average's band. */
export function bandColor(average: number): string {
  return BAND_COLORS[ratingBand(average)];
}
