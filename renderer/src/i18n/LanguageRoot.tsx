/**
 * Applies the signed-in person's language (their choice, else the company's default, else the browser's)
 * and remounts the app when it changes, so every text and date is drawn again in the new language.
 */
import { Fragment, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMe } from '../api/hooks/me';
import { applyLanguage } from '.';

export function LanguageRoot({ children }: { children: ReactNode }) {
  const me = useMe();
  const { i18n } = useTranslation();
  const choice = me?.employee.language;
  const companyDefault = me?.tenant.settings.default_language;
  const signedIn = me !== null;
  useEffect(() => {
    // Signed out, the language chosen at start (this computer's last, else the browser's) stays.
    if (signedIn) applyLanguage(choice, companyDefault);
  }, [signedIn, choice, companyDefault]);
  return <Fragment key={i18n.language}>{children}</Fragment>;
}
