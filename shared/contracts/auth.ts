/** Sign-in, sign-up, password reset, sessions and token verification. */
import { z } from 'zod';
import { validation as V } from '../i18n/en/validation.js';
import { emailSchema, passwordsMatch, requiredText, strongPasswordSchema } from '../validation.js';
import { MESSAGES } from '../messages.js';
import { SSO_TYPES } from '../sso.js';

export const CLIENT_KINDS = ['web', 'desktop'] as const;
export type ClientKind = (typeof CLIENT_KINDS)[number];

export const tenantLookupQuerySchema = z.strictObject({
  email: z.string().trim().max(254).describe('An e-mail address; the domain after @ picks the tenant'),
});
export const tenantPublicSchema = z
  .object({
    tenantId: z.number().int(),
    name: z.string(),
    emailDomain: z.string(),
    logo: z.string().nullable(),
    /** Single sign-on is enabled: the sign-in page offers "Continue with <providerName>" (docs/sso.md). */
    ssoEnabled: z.boolean(),
    providerName: z.string().nullable(),
    ssoType: z.enum(SSO_TYPES).nullable(),
  })
  .meta({ id: 'TenantPublic' });
export type TenantPublic = z.infer<typeof tenantPublicSchema>;

export const signInBodySchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1, V.password).max(256),
  client: z.enum(CLIENT_KINDS).default('web'),
});
export type SignInBody = z.input<typeof signInBodySchema>;

/**
 * The answer to sign-in and refresh. The refresh token is in the body only for the desktop client;
 * the browser gets it as an httpOnly SameSite=Strict cookie.
 */
export const sessionResponseSchema = z
  .object({
    accessToken: z.string(),
    tokenType: z.literal('Bearer'),
    expiresIn: z.number().int().describe('Seconds until the access token expires'),
    refreshToken: z.string().optional(),
  })
  .meta({ id: 'Session' });
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const refreshBodySchema = z
  .strictObject({
    refreshToken: z.string().min(1).max(200).optional().describe('Desktop only; the browser sends its cookie'),
    client: z.enum(CLIENT_KINDS).default('web'),
  })
  .default({ client: 'web' });

export const signOutBodySchema = z.strictObject({ refreshToken: z.string().min(1).max(200).optional() }).default({});

const newPasswordFields = {
  password: strongPasswordSchema,
  confirmPassword: z.string().max(256),
};
const matchRule = { message: MESSAGES.PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] };

export const signUpBodySchema = z
  .strictObject({ email: emailSchema, name: requiredText(120), ...newPasswordFields })
  .refine(passwordsMatch, matchRule);
export type SignUpBody = z.input<typeof signUpBodySchema>;

export const confirmCodeBodySchema = z.strictObject({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, V.code),
});

export const resendCodeBodySchema = z.strictObject({ email: emailSchema });

export const forgotPasswordBodySchema = z.strictObject({ email: emailSchema });

export const resetPasswordBodySchema = z
  .strictObject({
    email: emailSchema,
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, V.code),
    ...newPasswordFields,
  })
  .refine(passwordsMatch, matchRule);
export type ResetPasswordBody = z.input<typeof resetPasswordBodySchema>;

/** The token of an invitation link (/invitation#token=…). */
const invitationTokenSchema = z
  .string()
  .trim()
  .regex(/^[\w-]{20,100}$/, V.invitationLink);

export const invitationTokenBodySchema = z.strictObject({ token: invitationTokenSchema });

export const acceptInvitationBodySchema = z
  .strictObject({ token: invitationTokenSchema, ...newPasswordFields })
  .refine(passwordsMatch, matchRule);
export type AcceptInvitationBody = z.input<typeof acceptInvitationBodySchema>;

export const invitationSchema = z
  .object({
    email: z.string(),
    name: z.string(),
    company: z.string(),
    expiresAt: z.string().describe('When the link stops working'),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

export const acceptedInvitationSchema = z.object({ email: z.string().describe('The address to sign in with') });

export const changePasswordBodySchema = z
  .strictObject({ currentPassword: z.string().min(1).max(256), ...newPasswordFields })
  .refine(passwordsMatch, matchRule);
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const codeSentResponseSchema = z.object({
  codeSent: z.literal(true),
  expiresInMinutes: z.number().int(),
});

export const verifyResponseSchema = z.object({
  valid: z.literal(true),
  employeeId: z.number().int(),
  expiresAt: z.string().describe('When the access token expires (ISO-8601 UTC)'),
});

/** How often the renderer re-verifies the session (feedback spec §9: 180000 ms). */
export const SESSION_VERIFY_INTERVAL_MS = 180_000;
