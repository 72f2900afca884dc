/**
 * Accounts and sessions: finding the company of an e-mail address, sign-in, the token refresh and
 * sign-out, self sign-up confirmed by an e-mailed code, the forgotten-password reset, the session check
 * and the password change. The server adds what a contract cannot say: the refresh cookie of the browser
 * and the rate limits (server/src/modules/auth/routes.ts).
 */
import {
  changePasswordBodySchema,
  codeSentResponseSchema,
  confirmCodeBodySchema,
  forgotPasswordBodySchema,
  refreshBodySchema,
  resendCodeBodySchema,
  resetPasswordBodySchema,
  acceptInvitationBodySchema,
  acceptedInvitationSchema,
  invitationSchema,
  invitationTokenBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signOutBodySchema,
  signUpBodySchema,
  tenantLookupQuerySchema,
  tenantPublicSchema,
  verifyResponseSchema,
} from '../contracts/auth.js';
import { emptyResponseSchema } from '../contracts/common.js';
import { endpoint } from './define.js';

export const authEndpoints = {
  lookupTenant: endpoint({
    method: 'GET',
    path: '/api/auth/tenant',
    access: 'public',
    summary: 'Find the tenant of an e-mail address by its domain',
    query: tenantLookupQuerySchema,
    response: tenantPublicSchema,
  }),
  signIn: endpoint({
    method: 'POST',
    path: '/api/auth/sign-in',
    access: 'public',
    summary: 'Sign in with e-mail and password',
    body: signInBodySchema,
    response: sessionResponseSchema,
  }),
  refreshSession: endpoint({
    method: 'POST',
    path: '/api/auth/refresh',
    access: 'public',
    summary: 'Exchange the refresh token for a new access token (the refresh token rotates)',
    body: refreshBodySchema,
    response: sessionResponseSchema,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/auth/sign-out',
    access: 'public',
    summary: 'Revoke the session of the presented refresh token',
    body: signOutBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  signUp: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up',
    access: 'public',
    summary: 'Start a sign-up; a confirmation code is e-mailed',
    body: signUpBodySchema,
    status: 202,
    response: codeSentResponseSchema,
  }),
  resendSignUpCode: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up/resend',
    access: 'public',
    summary: 'Send a new sign-up confirmation code',
    body: resendCodeBodySchema,
    status: 202,
    response: codeSentResponseSchema,
  }),
  confirmSignUp: endpoint({
    method: 'POST',
    path: '/api/auth/sign-up/confirm',
    access: 'public',
    summary: 'Confirm a sign-up with the e-mailed code',
    body: confirmCodeBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  confirmEmailChange: endpoint({
    method: 'POST',
    path: '/api/auth/email-change/confirm',
    access: 'public',
    summary: 'Confirm a changed e-mail address with the code sent to it',
    description:
      'An administrator’s change of an employee’s e-mail waits as pendingEmail until the code mailed to the new ' +
      'address is given here with that address. Then the address changes and every session of the account ends.',
    body: confirmCodeBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  sendPasswordResetCode: endpoint({
    method: 'POST',
    path: '/api/auth/forgot-password',
    access: 'public',
    summary: 'E-mail a password reset code',
    body: forgotPasswordBodySchema,
    status: 202,
    response: codeSentResponseSchema,
  }),
  checkInvitation: endpoint({
    method: 'POST',
    path: '/api/auth/invitation',
    access: 'public',
    summary: 'Whose invitation a link is, before its password is set',
    description:
      'The token is the e-mailed link’s, after #token=. 400 INVITATION_INVALID (unknown, or replaced by a ' +
      'newer invitation), INVITATION_USED or INVITATION_EXPIRED; 403 ACCOUNT_INACTIVE.',
    body: invitationTokenBodySchema,
    response: invitationSchema,
  }),
  acceptInvitation: endpoint({
    method: 'POST',
    path: '/api/auth/invitation/accept',
    access: 'public',
    summary: "Set an invited employee's first password with the e-mailed link; it works once",
    description:
      'The password follows the shared rules. Refused like checkInvitation for an unknown, used or expired link. ' +
      'Answers the address to sign in with; no session is started.',
    body: acceptInvitationBodySchema,
    response: acceptedInvitationSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/api/auth/reset-password',
    access: 'public',
    summary: 'Set a new password with the e-mailed code; every session is signed out',
    body: resetPasswordBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
  verifySession: endpoint({
    method: 'GET',
    path: '/api/auth/verify',
    access: 'signed-in',
    summary: 'Check that the access token is still valid',
    response: verifyResponseSchema,
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/auth/change-password',
    access: 'signed-in',
    summary: 'Change one’s password; other sessions are signed out',
    body: changePasswordBodySchema,
    status: 204,
    response: emptyResponseSchema,
  }),
};
