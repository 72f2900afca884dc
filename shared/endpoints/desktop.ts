/** The desktop app's downloads, offered by the web app. */
import { desktopDownloadsSchema } from '../contracts/desktop.js';
import { endpoint } from './define.js';

export const desktopEndpoints = {
  getDesktopDownloads: endpoint({
    method: 'GET',
    path: '/api/desktop/downloads',
    access: 'signed-in',
    summary: 'The Windows and Mac installers of the current desktop version, the caller’s platform first',
    description:
      'Read by the server from the update feed files (latest.yml, latest-mac.yml) of the release folder ' +
      'DESKTOP_RELEASES_URL, cached for ten minutes. Without that setting, or when the folder cannot be read, ' +
      '`version` is null and there are no downloads.',
    response: desktopDownloadsSchema,
  }),
};
