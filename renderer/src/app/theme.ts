/** Teambeat's brand ramp on Fluent UI's light and dark themes. */
import { createDarkTheme, createLightTheme, type BrandVariants, type Theme } from '@fluentui/react-components';

const brand: BrandVariants = {
  10: '#05031A',
  20: '#130F3A',
  30: '#1C1760',
  40: '#241E7D',
  50: '#2C2599',
  60: '#352DB4',
  70: '#3F36CC',
  80: '#4B42E0',
  90: '#5B52EA',
  100: '#6C64F0',
  110: '#7D77F4',
  120: '#8F8AF7',
  130: '#A29EF9',
  140: '#B6B3FB',
  150: '#CAC8FC',
  160: '#DEDDFE',
};

const light = createLightTheme(brand);

export const lightTheme: Theme = {
  ...light,
  // Fluent's green, light green and marigold text colours fall short of WCAG AA's 4.5:1 on white (4.1:1 and
  // 2.6:1): their darker shades for text, chart strokes and icons alike.
  colorPaletteGreenForeground1: light.colorPaletteGreenForeground2,
  colorPaletteLightGreenForeground1: light.colorPaletteLightGreenForeground2,
  colorPaletteMarigoldForeground1: light.colorPaletteMarigoldForeground2,
};

export const darkTheme: Theme = {
  ...createDarkTheme(brand),
  // The default dark mapping makes brand text too dim on dark surfaces.
  colorBrandForeground1: brand[120],
  colorBrandForeground2: brand[130],
  colorBrandForegroundLink: brand[120],
  colorBrandForegroundLinkHover: brand[130],
  colorCompoundBrandForeground1: brand[120],
  colorCompoundBrandStroke: brand[120],
};
