/**
 * In-app links: the page a native notification opens when clicked (`/leave/approvals`,
 * `/feedback/requests/12?tab=comments#c3`). The link crosses the process boundary twice (renderer to main
 * with the notification, main back to the renderer on the click), so both ends refuse anything that could
 * leave the app's origin: a scheme (`https://evil`, `javascript:`), a protocol-relative `//evil`, and
 * `/\evil`, which browsers read as `//evil`. Whitespace and control characters are refused too: the URL
 * parser drops tabs and line breaks, so `/\t/evil` would become `//evil`. Anything else non-ASCII must be
 * percent-encoded (what `encodeURI` and react-router's paths give). Pure and isomorphic.
 */

export const IN_APP_LINK_MAX_LENGTH = 512;

/** One slash, then printable ASCII except the backslash: no space, no control character, no second slash first. */
const IN_APP_LINK = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;
/** A base that no real link can share, to check that the link resolves to the origin it started from. */
const PROBE_ORIGIN = 'https://in-app.invalid';

/** True when `value` is a path inside the app that navigating to cannot leave its origin. */
export function isInAppLink(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > IN_APP_LINK_MAX_LENGTH || !IN_APP_LINK.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
