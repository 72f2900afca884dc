/**
 * Sign-in in two steps, as the spec's managed identity flow: the e-mail first (its domain finds the
 * company; a refusal is shown in place), then the password. The password field takes the focus as it
 * appears, and what is typed while the company is looked up is kept as the password's start (with an Enter
 * typed then, the sign-in goes on by itself): someone who types e-mail, Enter, password, Enter loses nothing.
 */
import { Button, Field, Input, MessageBar, MessageBarBody, Text } from '@fluentui/react-components';
import { ArrowRightRegular, MailRegular } from '@fluentui/react-icons';
import { lazy, Suspense, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { EMAIL_PATTERN } from '../../../../shared/credentials';
import { MESSAGES } from '../../../../shared/messages';
import { useLookupTenant, useStartSso, type TenantPublic } from '../../api/hooks/auth';
import { errorCode, errorMessage } from '../../api/errors';
import { AppLink } from '../../components/AppLink';
import { errorProps } from '../../components/form-fields';
import { PasswordInput } from '../../components/PasswordFields';
import { platform } from '../../platform';
import { useSessionActions } from '../../session/SessionProvider';
import type { AuthHandOver } from './AuthPage';
import { FormError, SubmitButton } from './AuthFields';
import { useFormStyles } from './formStyles';
import { useTranslation } from '../../i18n';

// The company's logo of the second step, fetched when the e-mail is sent (its lookup takes longer).
const loadTenantAvatar = () => import('./TenantAvatar');
const TenantAvatar = lazy(loadTenantAvatar);

/** The single sign-on callback returns here with ?ssoError=<code> when it refused the sign-in. */
function ssoErrorCode(): keyof typeof MESSAGES | null {
  const code = new URLSearchParams(window.location.search).get('ssoError');
  if (!code) return null;
  return code in MESSAGES ? (code as keyof typeof MESSAGES) : 'SSO_FAILED';
}

export function SignInForm({ handOver }: { handOver: AuthHandOver }) {
  const styles = useFormStyles();
  const { t } = useTranslation(['auth', 'errors']);
  const { signIn, signInWithDesktopSso } = useSessionActions();
  const lookupTenant = useLookupTenant();
  const [email, setEmail] = useState(handOver.email ?? '');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [tenant, setTenant] = useState<TenantPublic | null>(null);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(() => {
    const code = ssoErrorCode();
    return code ? t(`errors:${code}`) : null;
  });
  const startSso = useStartSso();
  // The desktop waits while the person signs in at the provider in their browser.
  const [ssoWaiting, setSsoWaiting] = useState(false);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const emailRef = useRef<HTMLInputElement>(null);
  // Keys typed into the e-mail field while its company is looked up: the password, typed ahead. `open` while
  // they are collected: from the e-mail's submit until the password field is on the page.
  const typedAhead = useRef({ text: '', enter: false, open: false });

  /** While the lookup runs, typing goes to the password to come, not into the e-mail being looked up. */
  const keepTypedAhead = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!typedAhead.current.open || event.ctrlKey || event.metaKey || event.altKey) return;
    const ahead = typedAhead.current;
    if (event.key === 'Enter') ahead.enter = ahead.text.length > 0;
    else if (event.key === 'Backspace') ahead.text = ahead.text.slice(0, -1);
    else if (event.key.length === 1) ahead.text += event.key;
    else return;
    event.preventDefault();
  };

  const checkEmail = (value: string) => (EMAIL_PATTERN.test(value.trim()) ? null : t('rules.invalidEmail'));

  const submitEmail = async (event: FormEvent) => {
    event.preventDefault();
    const problem = checkEmail(email);
    setEmailError(problem);
    if (problem) return emailRef.current?.focus();
    setBusy(true);
    void loadTenantAvatar();
    typedAhead.current = { text: '', enter: false, open: true };
    try {
      const found = await lookupTenant.mutateAsync(email.trim());
      // Keys typed until the password field is rendered are still collected; the layout effect below hands
      // them over once it is (reading them here lost those typed between the answer and the render).
      setTenant(found);
      setFormError(null);
    } catch (error) {
      typedAhead.current.open = false;
      setEmailError(
        errorCode(error) === 'EMAIL_DOMAIN_UNAUTHORIZED' ? t('errors:EMAIL_DOMAIN_UNAUTHORIZED') : errorMessage(error),
      );
      emailRef.current?.focus();
    } finally {
      setBusy(false);
    }
  };

  const submitPassword = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      setPasswordError(t('rules.enterPassword'));
      return passwordRef.current?.focus();
    }
    await attemptSignIn(password);
  };

  async function attemptSignIn(secret: string) {
    setBusy(true);
    setFormError(null);
    try {
      await signIn(email.trim(), secret);
    } catch (error) {
      const code = errorCode(error);
      if (code === 'INVALID_CREDENTIALS') {
        setFormError(t('errors:INVALID_CREDENTIALS'));
        setPassword('');
        passwordRef.current?.focus();
      } else {
        setFormError(errorMessage(error));
      }
      setBusy(false);
    }
  }

  // The password field has just mounted focused (autoFocus): it takes what was typed ahead, and an Enter typed
  // then signs in. Runs before the browser hands over the next key, so nothing typed falls between.
  useLayoutEffect(() => {
    const ahead = typedAhead.current;
    if (!tenant || !ahead.open) return;
    typedAhead.current = { text: '', enter: false, open: false };
    setPassword(ahead.text);
    if (ahead.enter && !tenant.ssoEnabled) void attemptSignIn(ahead.text);
    // attemptSignIn is recreated each render; this runs only when a looked-up company arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [tenant]);

  const continueWithProvider = async () => {
    setFormError(null);
    if (!platform.singleSignOn) {
      startSso.mutate(email.trim(), { onError: (error) => setFormError(errorMessage(error)) });
      return;
    }
    setSsoWaiting(true);
    try {
      const result = await signInWithDesktopSso(email.trim());
      if (!result.ok && result.code !== 'SSO_CANCELLED')
        setFormError(t(`errors:${result.code in MESSAGES ? (result.code as keyof typeof MESSAGES) : 'SSO_FAILED'}`));
    } catch (error) {
      setFormError(errorMessage(error));
    } finally {
      setSsoWaiting(false);
    }
  };

  const changeEmail = () => {
    setTenant(null);
    setPassword('');
    setFormError(null);
    requestAnimationFrame(() => emailRef.current?.focus());
  };

  const notice = handOver.notice ? (
    <MessageBar intent="success">
      <MessageBarBody>{handOver.notice}</MessageBarBody>
    </MessageBar>
  ) : null;

  if (!tenant) {
    return (
      <form className={styles.form} onSubmit={(e) => void submitEmail(e)} noValidate aria-label={t('signIn.formLabel')}>
        {notice}
        <FormError message={formError} />
        <Field label={t('fields.workEmail')} required {...errorProps(emailError)}>
          <Input
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="username"
            autoFocus
            size="large"
            contentBefore={<MailRegular />}
            placeholder={t('fields.emailPlaceholder')}
            value={email}
            onChange={(_, d) => {
              setEmail(d.value);
              if (emailError) setEmailError(null);
            }}
            onKeyDown={keepTypedAhead}
            onBlur={() => email && setEmailError(checkEmail(email))}
          />
        </Field>
        <SubmitButton busy={busy} className={styles.submit} icon={<ArrowRightRegular />} iconPosition="after">
          {t('signIn.continue')}
        </SubmitButton>
        <Text className={styles.footer}>
          {t('signIn.newToTeambeat')}{' '}
          <AppLink to="/sign-up" state={{ email } satisfies AuthHandOver}>
            {t('signIn.createAccount')}
          </AppLink>
        </Text>
        <Text className={styles.footer}>
          {t('signIn.gotCode')}{' '}
          <AppLink to="/confirm-email" state={{ email } satisfies AuthHandOver}>
            {t('signIn.confirmNewEmail')}
          </AppLink>
        </Text>
      </form>
    );
  }

  return (
    <form
      className={styles.form}
      onSubmit={(e) => void submitPassword(e)}
      noValidate
      aria-label={t('signIn.formLabel')}
    >
      {notice}
      <div className={styles.tenant}>
        <Suspense fallback={<span className={styles.avatarSlot} />}>
          <TenantAvatar name={tenant.name} logo={tenant.logo} />
        </Suspense>
        <div className={styles.tenantText}>
          <Text weight="semibold">{tenant.name}</Text>
          <Text size={200} className={styles.muted} data-testid="signin-email">
            {email.trim()}
          </Text>
        </div>
        <Button appearance="subtle" size="small" onClick={changeEmail}>
          {t('signIn.change')}
        </Button>
      </div>
      <FormError message={formError} />
      {tenant.ssoEnabled && ssoWaiting ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('signIn.finishInBrowser', { provider: tenant.providerName })}</MessageBarBody>
          <Button appearance="transparent" size="small" onClick={() => void platform.singleSignOn?.cancel()}>
            {t('signIn.cancelSso')}
          </Button>
        </MessageBar>
      ) : null}
      {tenant.ssoEnabled ? (
        <Button
          appearance="primary"
          size="large"
          disabled={startSso.isPending || ssoWaiting}
          onClick={() => void continueWithProvider()}
        >
          {t('signIn.continueWithProvider', { provider: tenant.providerName })}
        </Button>
      ) : null}
      <Field label={t('fields.password')} required {...errorProps(passwordError)}>
        <PasswordInput
          ref={passwordRef}
          name="password"
          autoFocus={!tenant.ssoEnabled}
          autoComplete="current-password"
          size="large"
          value={password}
          onChange={(_, d) => {
            setPassword(d.value);
            if (passwordError) setPasswordError(null);
          }}
        />
      </Field>
      <div className={styles.row}>
        <span />
        <AppLink to="/forgot-password" state={{ email: email.trim() } satisfies AuthHandOver}>
          {t('signIn.forgotPassword')}
        </AppLink>
      </div>
      <SubmitButton busy={busy} className={styles.submit}>
        {t('signIn.submit')}
      </SubmitButton>
    </form>
  );
}
