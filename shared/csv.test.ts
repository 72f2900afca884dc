import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('csvCell', () => {
  it('leaves plain text and numbers alone', () => {
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(-7.5)).toBe('-7.5');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('yes');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(csvCell('Lovelace, Ada')).toBe('"Lovelace, Ada"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\rlf')).toBe('"cr\rlf"');
  });

  it('keeps text that looks like a formula from running', () => {
    expect(csvCell('=SUM(A1:A2)')).toBe("'=SUM(A1:A2)");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe('"\'=HYPERLINK(""http://x"",""y"")"');
    expect(csvCell('a=b')).toBe('a=b');
  });
});

describe('toCsv', () => {
  it('writes a BOM, a header and CRLF-terminated rows', () => {
    const text = toCsv(
      ['Name', 'Days'],
      [
        ['Ada', 3],
        ['Grace, H.', 0],
      ],
    );
    expect(text).toBe('\uFEFFName,Days\r\nAda,3\r\n"Grace, H.",0\r\n');
  });
});

describe('formulas after another locale’s separator (security review item 15)', () => {
  it('puts a quote before every segment a spreadsheet could read as a formula', () => {
    expect(csvCell('Mallory; =HYPERLINK("x")')).toBe('"Mallory; \'=HYPERLINK(""x"")"');
    expect(csvCell('Sick\t=1+1')).toBe("Sick\t'=1+1");
    expect(csvCell('a|@SUM(1)')).toBe("a|'@SUM(1)");
    expect(csvCell('one\n-2+3')).toBe('"one\n\'-2+3"');
    expect(csvCell('  =x')).toBe("  '=x");
    expect(csvCell('\uFF1D1+1')).toBe("'\uFF1D1+1");
    expect(csvCell('\t=x')).toBe("'\t'=x");
  });

  it('leaves text without a formula segment alone', () => {
    expect(csvCell('a - b; c + d')).toBe('a - b; c + d');
    expect(csvCell('x=1, y=2')).toBe('"x=1, y=2"');
    expect(csvCell('Ops; QA')).toBe('Ops; QA');
  });
});
