/** Single sign-on: the tenant's provider settings and the sign-in hand-shakes (docs/sso.md). */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { issuerProblem, SSO_TYPES } from '../sso.js';
import { emailSchema, lineText, requiredText } from '../validation.js';
import { CLIENT_KINDS } from './auth.js';

/** The Settings tab's answer. The client secret is write-only: only whether one is stored is said. */
export const ssoSettingsSchema = z
  .object({
    ssoType: z.enum(SSO_TYPES),
    providerName: z.string(),
    issuer: z.string(),
    clientId: z.string(),
    clientSecretSet: z.boolean(),
    isEnabled: z.boolean(),
    isRequired: z.boolean(),
    /** The redirect URI to register at the provider. */
    redirectUri: z.string(),
    /** The only e-mail domain a provider's identity may have: the tenant's own (docs/sso.md). */
    emailDomain: z.string(),
    /**
     * Break-glass accounts: the active accounts holding every permission, which keep password sign-in when
     * single sign-on is required (docs/sso.md, "Require single sign-on, and break-glass").
     */
    breakGlassAccounts: z.array(z.object({ id: z.number().int(), name: z.string(), email: z.string() })),
  })
  .meta({ id: 'SsoSettings' });
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

export const updateSsoSettingsBodySchema = z
  .strictObject({
    providerName: requiredText(60),
    issuer: requiredText(500).superRefine((value, ctx) => {
      const problem = issuerProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
    clientId: requiredText(255),
    /** Left out to keep the stored secret; required the first time. */
    clientSecret: lineText(1000).pipe(z.string().min(1, V.required)).optional(),
    isEnabled: z.boolean(),
    isRequired: z.boolean(),
  })
  .superRefine((body, ctx) => {
    if (body.isRequired && !body.isEnabled)
      ctx.addIssue({ code: 'custom', path: ['isRequired'], message: V.ssoEnableFirst });
  });
export type UpdateSsoSettingsBody = z.input<typeof updateSsoSettingsBodySchema>;

/** "Test connection": OpenID discovery at an issuer, before anything is saved. */
export const testSsoIssuerBodySchema = z.strictObject({
  issuer: requiredText(500).superRefine((value, ctx) => {
    const problem = issuerProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
});
export type TestSsoIssuerBody = z.input<typeof testSsoIssuerBodySchema>;

/** What the provider's discovery document says: its own issuer and where people sign in. */
export const testSsoIssuerResponseSchema = z
  .object({ issuer: z.string(), authorizationEndpoint: z.string() })
  .meta({ id: 'SsoIssuerTest' });

/** A base64url SHA-256 (PKCE S256 challenge form): 43 characters. */
const challengeSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Must be a base64url SHA-256 (43 characters)');

export const startSsoBodySchema = z
  .strictObject({
    email: emailSchema,
    client: z.enum(CLIENT_KINDS).default('web'),
    /** Desktop: S256 of the verifier the main process keeps and presents to exchange the hand-off code. */
    handoffChallenge: challengeSchema.optional(),
    /** Desktop: return through http://127.0.0.1:<port>/ instead of the teambeat:// deep link. */
    loopbackPort: z.number().int().min(1024).max(65535).optional(),
  })
  .superRefine((body, ctx) => {
    if (body.client === 'desktop' && !body.handoffChallenge)
      ctx.addIssue({ code: 'custom', path: ['handoffChallenge'], message: 'The desktop sends a hand-off challenge' });
    if (body.client === 'web' && (body.handoffChallenge || body.loopbackPort !== undefined))
      ctx.addIssue({ code: 'custom', path: ['client'], message: 'Only the desktop returns through a hand-off' });
  });
export type StartSsoBody = z.input<typeof startSsoBodySchema>;

export const startSsoResponseSchema = z.object({ authorizationUrl: z.string() }).meta({ id: 'SsoStart' });

/**
 * What the provider sends back to the redirect URI. Providers add their own parameters (session_state, iss,
 * scope, hd...), so unknown ones are allowed; openid-client reads the whole URL.
 */
export const ssoCallbackQuerySchema = z.looseObject({
  state: z.string().max(200).optional(),
  code: z.string().max(4000).optional(),
  error: z.string().max(200).optional(),
});

export const exchangeSsoHandoffBodySchema = z.strictObject({
  code: z.string().min(1).max(200),
  verifier: z.string().regex(/^[A-Za-z0-9_-]{43,128}$/, 'Must be the hand-off verifier (43 to 128 characters)'),
});
