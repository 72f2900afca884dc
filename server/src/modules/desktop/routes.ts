/** The desktop app's downloads (shared/endpoints/desktop.ts), from the release reader of ./releases.ts. */
import { platformOfAgent, visitorFirst } from '../../../../shared/desktop-release.js';
import { desktopEndpoints } from '../../../../shared/endpoints/desktop.js';
import { defineRoutes } from '../../http/endpoints.js';

export const desktopRoutes = defineRoutes(desktopEndpoints, {
  getDesktopDownloads: async (ctx, _input, { request }) => {
    const release = await ctx.deps.desktopReleases.current();
    const visitor = platformOfAgent(String(request.headers['user-agent'] ?? ''));
    return { version: release.version, downloads: visitorFirst(release.downloads, visitor) };
  },
});
