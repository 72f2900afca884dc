import { useLocation } from 'react-router-dom';
import { AuthLayout } from './AuthLayout';
import { ConfirmEmailForm } from './ConfirmEmailForm';
import { ForgotPasswordForm } from './ForgotPasswordForm';
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

const TITLES = {
  'sign-in': { title: 'Sign in', subtitle: 'Welcome back. Use your work e-mail to continue.' },
  'sign-up': { title: 'Create your account', subtitle: 'Join your company’s Teambeat workspace.' },
  'forgot-password': { title: 'Reset your password', subtitle: 'We’ll e-mail you a code to set a new one.' },
  'confirm-email': {
    title: 'Confirm your new e-mail',
    subtitle: 'Enter the code we sent to the new address. You will then sign in with it.',
  },
} as const;

export function AuthPage({ mode }: { mode: keyof typeof TITLES }) {
  const location = useLocation();
  const handOver = readHandOver(location.state);
  const { title, subtitle } = TITLES[mode];
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      {mode === 'sign-in' ? <SignInForm key={location.key} handOver={handOver} /> : null}
      {mode === 'sign-up' ? <SignUpForm handOver={handOver} /> : null}
      {mode === 'forgot-password' ? <ForgotPasswordForm handOver={handOver} /> : null}
      {mode === 'confirm-email' ? <ConfirmEmailForm handOver={handOver} /> : null}
    </AuthLayout>
  );
}
