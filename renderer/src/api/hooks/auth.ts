/**
 * Accounts and sessions: the session provider's calls (sign-in, sign-out with this browser's push, verification) and the
 * mutations of the sign-in, sign-up, password and e-mail confirmation pages and of the change-password dialog. The forms show
 * their errors in place, so no mutation here toasts a failure. The token refresh stays in client.ts.
 */
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import type { authEndpoints } from '../../../../shared/endpoints/auth';
import type { notificationEndpoints } from '../../../../shared/endpoints/notifications';
import type { ssoEndpoints } from '../../../../shared/endpoints/sso';
import { useTranslation } from '../../i18n';
import { platform } from '../../platform';
import { knownPushDeviceId } from '../../platform/web-push';
import { expectSessionOnReturn } from '../client';
import { call } from '../typed';
import { routesOf } from './first-screen';
import { useApiMutation, useCallMutation } from './mutation';

const route = routesOf<typeof authEndpoints>();
const ep = {
  lookupTenant: route('lookupTenant', { method: 'GET', path: '/api/auth/tenant' }),
  signIn: route('signIn', { method: 'POST', path: '/api/auth/sign-in' }),
  signOut: route('signOut', { method: 'POST', path: '/api/auth/sign-out' }),
  signUp: route('signUp', { method: 'POST', path: '/api/auth/sign-up' }),
  resendSignUpCode: route('resendSignUpCode', { method: 'POST', path: '/api/auth/sign-up/resend' }),
  confirmSignUp: route('confirmSignUp', { method: 'POST', path: '/api/auth/sign-up/confirm' }),
  sendPasswordResetCode: route('sendPasswordResetCode', { method: 'POST', path: '/api/auth/forgot-password' }),
  resetPassword: route('resetPassword', { method: 'POST', path: '/api/auth/reset-password' }),
  checkInvitation: route('checkInvitation', { method: 'POST', path: '/api/auth/invitation' }),
  acceptInvitation: route('acceptInvitation', { method: 'POST', path: '/api/auth/invitation/accept' }),
  confirmEmailChange: route('confirmEmailChange', { method: 'POST', path: '/api/auth/email-change/confirm' }),
  verifySession: route('verifySession', { method: 'GET', path: '/api/auth/verify' }),
  changePassword: route('changePassword', { method: 'POST', path: '/api/auth/change-password' }),
};
const ssoRoute = routesOf<typeof ssoEndpoints>();
const ssoEp = { startSso: ssoRoute('startSso', { method: 'POST', path: '/api/auth/sso/start' }) };
const pushRoute = routesOf<typeof notificationEndpoints>();
const pushEp = {
  removeDeviceToken: pushRoute('removeDeviceToken', {
    method: 'DELETE',
    path: '/api/notification/device-token/:deviceId',
  }),
};

export type TenantPublic = ResponseOf<typeof ep.lookupTenant>;
export type SignUpBody = RequestOf<typeof ep.signUp>['body'];
export type ResetPasswordBody = RequestOf<typeof ep.resetPassword>['body'];
export type ChangePasswordBody = RequestOf<typeof ep.changePassword>['body'];

/** The session provider's calls; it keeps the session state, these only talk to the server. */
export const sessionCalls = {
  signIn: (email: string, password: string) => call(ep.signIn, { body: { email, password, client: platform.kind } }),
  /**
   * Revokes this session on the server: the browser presents its cookie; on the desktop the main process
   * presents the token only it holds (electron/desktop-session.ts).
   */
  signOut: async () => {
    if (platform.desktopSession) await platform.desktopSession.signOut();
    else await call(ep.signOut, { body: {} });
  },
  verify: () => call(ep.verifySession),
  /**
   * Signing out: this browser stops receiving the person's pushes (whoever uses it next must not see them).
   * Best effort, before the session ends: a failure leaves the subscription, which the next person's own
   * subscription replaces (same endpoint).
   */
  forgetThisBrowsersPush: async () => {
    const deviceId = knownPushDeviceId();
    if (deviceId) await call(pushEp.removeDeviceToken, { params: { deviceId } }).catch(() => undefined);
  },
};

/** The sign-in page's first step: the company of the address (404 EMAIL_DOMAIN_UNAUTHORIZED when none). */
export function useLookupTenant() {
  return useCallMutation((email: string) => call(ep.lookupTenant, { query: { email } }));
}

/** Starts a sign-up; the answer says how long the e-mailed code is valid. */
export function useSignUp() {
  return useCallMutation((body: SignUpBody) => call(ep.signUp, { body }));
}

export function useResendSignUpCode() {
  return useCallMutation((email: string) => call(ep.resendSignUpCode, { body: { email } }));
}

export function useConfirmSignUp() {
  return useCallMutation((input: { email: string; code: string }) => call(ep.confirmSignUp, { body: input }));
}

/**
 * "Continue with <provider>" in the browser: the server keeps state, nonce and PKCE verifier and binds the
 * attempt to this browser by a cookie; the page then leaves for the provider, which returns to the server's
 * callback and from there to the app (docs/sso.md). The desktop starts it in its main process instead.
 */
export function useStartSso() {
  return useCallMutation(async (email: string) => {
    const { authorizationUrl } = await call(ssoEp.startSso, { body: { email, client: 'web' } });
    expectSessionOnReturn();
    window.location.assign(authorizationUrl);
  });
}

/** E-mails a password reset code. */
export function useSendPasswordResetCode() {
  return useCallMutation((email: string) => call(ep.sendPasswordResetCode, { body: { email } }));
}

export function useResetPassword() {
  return useCallMutation((body: ResetPasswordBody) => call(ep.resetPassword, { body }));
}

/** Whose invitation a link is (or why it cannot be used), before the invitee types a password. */
export function useCheckInvitation() {
  return useCallMutation((token: string) => call(ep.checkInvitation, { body: { token } }));
}

/** Sets an invitee's first password with the link's token; they sign in next. */
export function useAcceptInvitation() {
  return useCallMutation((body: RequestOf<typeof authEndpoints.acceptInvitation>['body']) =>
    call(ep.acceptInvitation, { body }),
  );
}

/** Confirms an e-mail change with the code sent to the new address; the server then ends every session. */
export function useConfirmEmailChange() {
  return useCallMutation((input: { email: string; code: string }) => call(ep.confirmEmailChange, { body: input }));
}

/** Changes one's password; the server signs the other sessions out. Errors are shown in the dialog. */
export function useChangePassword() {
  const { t } = useTranslation('auth');
  return useApiMutation({
    mutationFn: (body: ChangePasswordBody) => call(ep.changePassword, { body }),
    invalidates: [],
    success: () => ({ title: t('changePassword.changed'), body: t('changePassword.changedBody') }),
  });
}
