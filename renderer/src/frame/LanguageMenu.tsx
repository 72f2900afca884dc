/**
 * The user menu's language choice (docs/i18n.md): the company's default, English or Français, each
 * language's name in that language. Picking one applies at once and is saved to the person's account
 * (PATCH /api/me), so it follows them to every computer and survives a reload.
 */
import { Menu, MenuItem, MenuItemRadio, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components';
import { LocalLanguageRegular } from '@fluentui/react-icons';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES, pickLanguage } from '../../../shared/i18n/languages';
import { useMe, useSetMyLanguage } from '../api/hooks/me';
import { applyLanguage, useTranslation } from '../i18n';

const COMPANY_DEFAULT = 'default';

export function LanguageMenu() {
  const { t } = useTranslation('common');
  const me = useMe();
  const save = useSetMyLanguage();
  if (!me) return null;
  const choice = me.employee.language;
  const companyDefault = pickLanguage(me.tenant.settings.default_language);
  const pick = (value: string) => {
    const language = isLanguage(value) ? value : null;
    save.mutate(language);
    applyLanguage(language, companyDefault);
  };
  return (
    <Menu
      checkedValues={{ language: [choice ?? COMPANY_DEFAULT] }}
      onCheckedValueChange={(_, data) => {
        const next = data.checkedItems[0];
        if (data.name === 'language' && next && next !== (choice ?? COMPANY_DEFAULT)) pick(next);
      }}
    >
      <MenuTrigger disableButtonEnhancement>
        <MenuItem icon={<LocalLanguageRegular />} data-testid="language-menu">
          {t('language.label')}
        </MenuItem>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemRadio name="language" value={COMPANY_DEFAULT}>
            {t('language.companyDefault', { language: LANGUAGE_NAMES[companyDefault] })}
          </MenuItemRadio>
          {LANGUAGES.map((language) => (
            <MenuItemRadio key={language} name="language" value={language} lang={language}>
              {LANGUAGE_NAMES[language]}
            </MenuItemRadio>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
