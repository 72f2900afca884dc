/** The desktop app's installers the web app offers (GET /api/desktop/downloads). */
import { desktopEndpoints as ep } from '../../../../shared/endpoints/desktop';
import { useEndpointQuery } from './query';

export const desktopKeys = { downloads: ['desktop', 'downloads'] as const };

/** The current version's Windows and Mac installers, the visitor's platform first; read when asked for. */
export const useDesktopDownloads = (enabled: boolean) =>
  useEndpointQuery(desktopKeys.downloads, ep.getDesktopDownloads, {}, { enabled, staleTime: 10 * 60_000 });
