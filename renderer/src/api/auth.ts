/** Calls of the sign-in, sign-up, password and session routes. */
import type { ChangePasswordBody, SessionResponse, TenantPublic } from '../../../shared/contracts/auth';
import type { MeResponse } from '../../../shared/contracts/tenant';
import { platform } from '../platform';
import { api } from './client';

export type CodeSent = { codeSent: true; expiresInMinutes: number };

export const authApi = {
  lookupTenant: (email: string) => api.get<TenantPublic>('/auth/tenant', { params: { email } }).then((r) => r.data),
  signIn: (email: string, password: string) =>
    api.post<SessionResponse>('/auth/sign-in', { email, password, client: platform.kind }).then((r) => r.data),
  signOut: async () => {
    const refreshToken = (await platform.refreshTokenStore?.get()) ?? undefined;
    await api.post('/auth/sign-out', refreshToken ? { refreshToken } : {});
  },
  verify: () => api.get<{ valid: true; employeeId: number; expiresAt: string }>('/auth/verify').then((r) => r.data),
  me: () => api.get<MeResponse>('/me').then((r) => r.data),
  signUp: (body: { email: string; name: string; password: string; confirmPassword: string }) =>
    api.post<CodeSent>('/auth/sign-up', body).then((r) => r.data),
  confirmSignUp: (email: string, code: string) => api.post('/auth/sign-up/confirm', { email, code }),
  resendSignUpCode: (email: string) => api.post<CodeSent>('/auth/sign-up/resend', { email }).then((r) => r.data),
  forgotPassword: (email: string) => api.post<CodeSent>('/auth/forgot-password', { email }).then((r) => r.data),
  resetPassword: (body: { email: string; code: string; password: string; confirmPassword: string }) =>
    api.post('/auth/reset-password', body),
  changePassword: (body: ChangePasswordBody) => api.post('/auth/change-password', body),
};
