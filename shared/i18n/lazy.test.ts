/**
 * The renderer's catalogue loads per language and namespace (docs/i18n.md "How the catalogue loads"): each
 * loader gives that file's texts, an instance starts with only the namespaces it was given, loads others when
 * asked, and switches language only once the new language's texts are there.
 */
import { describe, expect, it, vi } from 'vitest';
import { LANGUAGES } from './languages.js';
import { CATALOGUE_LOADERS, createLazyI18n } from './lazy.js';
import { NAMESPACES } from './namespaces.js';
import { resources } from './resources.js';

describe('the lazy catalogue', () => {
  it('has a loader for every language and namespace, giving that namespace’s texts', async () => {
    for (const language of LANGUAGES) {
      expect(Object.keys(CATALOGUE_LOADERS[language]).sort()).toEqual([...NAMESPACES].sort());
      for (const namespace of NAMESPACES)
        expect(await CATALOGUE_LOADERS[language][namespace]()).toBe(resources[language][namespace]);
    }
  });

  it('starts with its namespaces of its language only, and loads others when asked', async () => {
    const { i18n, ready } = createLazyI18n('fr', ['auth', 'common']);
    expect(i18n.language).toBe('fr');
    await ready;
    expect(i18n.hasResourceBundle('fr', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('fr', 'settings')).toBe(false);
    // No fallback language: a French reader never loads the English texts.
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(false);
    expect(i18n.t('signIn.submit', { ns: 'auth' })).toBe(resources.fr.auth.signIn.submit);
    expect(i18n.t('page.title', { ns: 'settings' })).toBe('page.title');

    await i18n.loadNamespaces('settings');
    expect(i18n.t('page.title', { ns: 'settings' })).toBe(resources.fr.settings.page.title);
  });

  it('switches language once the new language’s texts have loaded', async () => {
    const { i18n, ready } = createLazyI18n('fr', ['auth']);
    await ready;
    const switching = i18n.changeLanguage('en');
    expect(i18n.language).toBe('fr');
    await switching;
    expect(i18n.language).toBe('en');
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.t('signIn.submit', { ns: 'auth' })).toBe('Sign in');
  });

  it('gives a language’s date names with its common texts, and only that language’s', async () => {
    // Fresh modules, without the whole catalogue (resources.ts), which gives both languages' at once.
    vi.resetModules();
    const format = await import('./format.js');
    const lazy = await import('./lazy.js');
    expect(() => format.formatDay('2030-06-12', 'fr')).toThrow(/fr date names are not loaded/);
    await lazy.CATALOGUE_LOADERS.fr.common();
    expect(format.formatDay('2030-06-12', 'fr')).toBe('12-juin-2030');
    expect(format.formatMonth('2030-02', 'fr')).toBe('février 2030');
    expect(() => format.formatDay('2030-06-12', 'en')).toThrow(/en date names are not loaded/);
    await lazy.CATALOGUE_LOADERS.en.common();
    expect(format.formatDay('2030-06-12', 'en')).toBe('12-Jun-2030');
  });
});
