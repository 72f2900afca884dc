import { describe, expect, it } from 'vitest';
import { formatDay, formatDuration, formatMonth, formatNumber, formatRelative } from './format.js';
import { acceptedLanguages, LANGUAGES, pickLanguage } from './languages.js';
import { NAMESPACES, resources } from './resources.js';

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** Every text of a catalogue by its dotted key. */
function leaves(value: unknown, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof child === 'string') out.set(path, child);
    else for (const [k, v] of leaves(child, path)) out.set(k, v);
  }
  return out;
}

/** Keys with plural suffixes folded to their base, and the categories each base has. */
function shape(texts: Map<string, string>) {
  const plain = new Set<string>();
  const plurals = new Map<string, Set<string>>();
  for (const key of texts.keys()) {
    const match = PLURAL.exec(key);
    if (!match) plain.add(key);
    else {
      const base = key.slice(0, -match[0].length);
      plurals.set(base, (plurals.get(base) ?? new Set()).add(match[1]!));
    }
  }
  return { plain, plurals };
}

const variables = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

describe('the message catalogue', () => {
  const en = leaves(resources.en);

  it('has every namespace in every language', () => {
    for (const language of LANGUAGES) expect(Object.keys(resources[language]).sort()).toEqual([...NAMESPACES].sort());
  });

  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const other = leaves(resources[language]);

    it(`${language}: the same keys as English, no more and no fewer`, () => {
      const a = shape(en);
      const b = shape(other);
      expect(
        [...b.plain].filter((k) => !a.plain.has(k)),
        'keys only in ' + language,
      ).toEqual([]);
      expect(
        [...a.plain].filter((k) => !b.plain.has(k)),
        'keys missing in ' + language,
      ).toEqual([]);
      expect([...b.plurals.keys()].sort()).toEqual([...a.plurals.keys()].sort());
    });

    it(`${language}: each plural has exactly the language's plural categories`, () => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories.sort();
      for (const [base, forms] of shape(other).plurals) expect([...forms].sort(), base).toEqual(categories);
    });

    it(`${language}: the same placeholders as English`, () => {
      for (const [key, text] of other) {
        const base = key.replace(PLURAL, '');
        const english = en.get(key) ?? en.get(`${base}_other`) ?? '';
        expect(variables(text), key).toEqual(variables(english));
      }
    });
  }

  it('English plurals have exactly one and other', () => {
    for (const [base, forms] of shape(en).plurals) expect([...forms].sort(), base).toEqual(['one', 'other']);
  });

  it('has no empty text', () => {
    for (const language of LANGUAGES)
      for (const [key, text] of leaves(resources[language])) expect(text.trim(), `${language} ${key}`).not.toBe('');
  });
});

describe('language choice', () => {
  it('takes the first supported candidate, by its base language', () => {
    expect(pickLanguage(null, 'fr-CA', 'en')).toBe('fr');
    expect(pickLanguage('de', 'es')).toBe('en');
    expect(pickLanguage(undefined, 'EN_gb')).toBe('en');
  });
  it('reads Accept-Language by weight', () => {
    expect(acceptedLanguages('de;q=0.9, fr-CH, en;q=0.8, *;q=0.1')).toEqual(['fr-CH', 'de', 'en']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});

describe('formats', () => {
  it('writes days as DD-MMM-YYYY with the language’s month names', () => {
    expect(formatDay('2030-06-12', 'en')).toBe('12-Jun-2030');
    expect(formatDay('2030-06-12', 'fr')).toBe('12-juin-2030');
    expect(formatMonth('2030-02', 'fr')).toBe('février 2030');
  });
  it('writes durations and numbers the language’s way', () => {
    expect(formatDuration(465, 'en')).toBe('7h 45m');
    expect(formatDuration(465, 'fr')).toBe('7 h 45 min');
    expect(formatDuration(26890 * 60, 'en')).toBe('26,890h');
    expect(formatDuration(26890 * 60, 'fr')).toBe('26\u202f890 h');
    expect(formatNumber(1234.5, 'fr')).toBe('1\u202f234,5');
  });
  it('writes relative times 1m, 2h, 3d, 1w, 1mo, 1y and their French forms', () => {
    const now = new Date('2030-06-12T09:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
    const min = 60_000;
    const day = 1440 * min;
    const cases: [number, string, string][] = [
      [30_000, 'now', 'maintenant'],
      [min, '1m', '1 min'],
      [2 * 60 * min, '2h', '2 h'],
      [3 * day, '3d', '3 j'],
      [8 * day, '1w', '1 sem.'],
      [45 * day, '1mo', '1 mois'],
      [400 * day, '1y', '1 an'],
      [800 * day, '2y', '2 ans'],
    ];
    for (const [ms, en, fr] of cases) {
      expect(formatRelative(ago(ms), now, 'en')).toBe(en);
      expect(formatRelative(ago(ms), now, 'fr')).toBe(fr);
    }
  });
});
