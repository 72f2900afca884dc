/**
 * The auto-update feed must be HTTPS (security review #10, item 18): an installer fetched over plain http can
 * be swapped on the way. Checked twice: `npm run desktop:build` refuses to package without an HTTPS
 * TEAMBEAT_UPDATE_URL (check-update-feed.ts), and a packaged app whose baked app-update.yml names another
 * feed never checks for updates (updater.ts#updatePolicy).
 */

/** Why a feed URL is not acceptable, or null when it is. */
export function updateFeedProblem(url: string | null | undefined): string | null {
  if (url === undefined || url === null || url.trim() === '')
    return 'The update feed is missing: set TEAMBEAT_UPDATE_URL';
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return `The update feed is not a URL: ${url}`;
  }
  if (parsed.protocol !== 'https:') return `The update feed must be https://, not ${parsed.protocol}//`;
  if (parsed.username || parsed.password) return 'The update feed must not carry credentials';
  return null;
}

/** The `url:` of electron-builder's app-update.yml (generic provider), or null when it names none. */
export function bakedFeedUrl(appUpdateYml: string): string | null {
  const line = /^url:\s*(.+?)\s*$/m.exec(appUpdateYml);
  if (!line) return null;
  return line[1]!.replace(/^(['"])(.*)\1$/, '$2');
}
