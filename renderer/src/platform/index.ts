/** The platform the renderer runs on: the desktop preload's object when present, else the browser's. */
import type { PlatformApi } from '../../../shared/platform';
import { webPlatform } from './web';

declare global {
  // Declaration merging on Window needs an interface.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface Window {
    teambeat?: PlatformApi;
  }
}

export const platform: PlatformApi = window.teambeat ?? webPlatform;
