import { useLocation } from 'react-router-dom';
import { useTranslation } from '../../i18n';
import { AuthLayout } from './AuthLayout';
import { ConfirmEmailForm } from './ConfirmEmailForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { InvitationForm } from './InvitationForm';
import { SignInForm } from './SignInForm';
import { SignUpForm } from './SignUpForm';

/** What one auth page may hand to the next: the e-mail typed so far and a notice to show. */
export type AuthHandOver = { email?: string; notice?: string };

/** History state is whatever the browser kept; take only the fields we know, as strings. */
function readHandOver(state: unknown): AuthHandOver {
  if (typeof state !== 'object' || state === null) return {};
  const { email, notice } = state as Record<string, unknown>;
  return {
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof notice === 'string' ? { notice } : {}),
  };
}

/** Each mode's title and subtitle in the catalogue (`auth:pages.<key>`). */
const PAGES = {
  'sign-in': 'signIn',
  'sign-up': 'signUp',
  'forgot-password': 'forgotPassword',
  'confirm-email': 'confirmEmail',
  invitation: 'invitation',
} as const;

export function AuthPage({ mode }: { mode: keyof typeof PAGES }) {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const handOver = readHandOver(location.state);
  const page = PAGES[mode];
  return (
    <AuthLayout title={t(`pages.${page}.title`)} subtitle={t(`pages.${page}.subtitle`)}>
      {mode === 'sign-in' ? <SignInForm key={location.key} handOver={handOver} /> : null}
      {mode === 'sign-up' ? <SignUpForm handOver={handOver} /> : null}
      {mode === 'forgot-password' ? <ForgotPasswordForm handOver={handOver} /> : null}
      {mode === 'confirm-email' ? <ConfirmEmailForm handOver={handOver} /> : null}
      {/* Keyed by the link's token: another link in the same tab starts afresh. */}
      {mode === 'invitation' ? <InvitationForm key={location.hash} /> : null}
    </AuthLayout>
  );
}
