/**
 * Keeps secrets out of the console (security review item 21). Every banner line and every log line
 * passes through `redactSecrets`, which masks:
 * - the password (and a token-like user name) of any URL: `postgres://app:s3cret@db/x` → `postgres://app:***@db/x`;
 * - query parameters and JSON or `key=value` fields whose name says secret: password, passwd, pwd,
 *   secret, token, access/refresh/id tokens, api key, key, otp, signature, sig, credential, auth (and code,
 *   in a URL's query);
 * - `Bearer …`, `Agent …` and `Basic …` credentials, and anything shaped like a JWT;
 * - the token of a client feedback link (`/client-feedback/<token>`, in request URLs and e-mails).
 * Six-digit e-mail codes in a mail body are masked by the mailer itself (`redactCodes`).
 */
const MASK = '***';

const SECRET_NAME =
  '(?:password|passwd|pwd|pass|secret|client_secret|token|access_?token|refresh_?token|id_?token|api_?key|apikey|key|otp|signature|sig|credentials?|auth|authorization|cookie|set-cookie|jwt_?secret|smtp_?url|database_?url)';
/** In URLs `code` is a credential too (OAuth codes, links with a code); in log fields it names an error. */
const SECRET_PARAM = `(?:${SECRET_NAME.slice(3, -1)}|code)`;

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s:/?#@"']*)(?::([^\s/?#@"']*))?@/gi;
const QUERY_PARAM = new RegExp(`([?&;]${SECRET_PARAM}=)[^&#\\s"']*`, 'gi');
const JSON_FIELD = new RegExp(`("${SECRET_NAME}"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*"`, 'gi');
const ASSIGNMENT = new RegExp(`(\\b${SECRET_NAME}\\s*[=:]\\s*)(?!\\*\\*\\*)[^\\s,;&"'}]+`, 'gi');
const SCHEME_CREDENTIAL = /\b(Bearer|Agent|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** A client feedback link's token, the credential of the client's page and its API (docs/projects.md). */
const CLIENT_LINK = /(\/client-feedback\/)[A-Za-z0-9_-]{20,}/g;
const JWT = /\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g;

/** The text with every credential it recognises masked. Idempotent. */
export function redactSecrets(text: string): string {
  return text
    .replace(URL_USERINFO, (_m, scheme: string, user: string, password: string | undefined) =>
      password === undefined ? `${scheme}${MASK}@` : `${scheme}${user}:${MASK}@`,
    )
    .replace(JWT, MASK)
    .replace(CLIENT_LINK, `$1${MASK}`)
    .replace(SCHEME_CREDENTIAL, `$1 ${MASK}`)
    .replace(QUERY_PARAM, `$1${MASK}`)
    .replace(JSON_FIELD, `$1"${MASK}"`)
    .replace(ASSIGNMENT, `$1${MASK}`);
}

/** Masks the one-time codes (six digits) of an e-mail body before it is logged. */
export function redactCodes(text: string): string {
  return text.replace(/\b\d{6}\b/g, '······');
}
