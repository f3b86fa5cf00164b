import { describe, expect, it } from 'vitest';
import {
  cnjCheckDigits,
  cnjDigits,
  cnjNumberParts,
  cnjNumberProblem,
  courtOf,
  formatCnjNumber,
  hasValidCnjCheckDigits,
} from '../../../domain/cnj-number.js';

// Published case numbers: a TJRJ case (cited as valid by the Business::BR::CNJ module's documentation) and the
// TRF1 case of DataJud's own API tutorial.
const TJRJ = '0058967-77.2016.8.19.0000';
const TRF1 = '0000832-35.2018.4.01.3202';

describe('CNJ case numbers (Resolução 65/2008)', () => {
  it('accept published numbers, with or without the mask', () => {
    expect(cnjNumberProblem(TJRJ)).toBeUndefined();
    expect(cnjNumberProblem(TRF1)).toBeUndefined();
    expect(cnjNumberProblem('00008323520184013202')).toBeUndefined();
    expect(cnjNumberProblem(` ${TJRJ} `)).toBeUndefined();
  });

  it('compute the check digits of the other 18 digits (mod 97-10, Annex VIII)', () => {
    const { checkDigits, ...rest } = cnjNumberParts(cnjDigits(TJRJ)!);
    expect(cnjCheckDigits(rest)).toBe(checkDigits);
    expect(cnjCheckDigits({ sequence: '0000832', year: '2018', justice: '4', court: '01', origin: '3202' })).toBe('35');
  });

  it('refuse a number whose check digits do not hold: one digit changed, two digits swapped', () => {
    expect(cnjNumberProblem('0058967-78.2016.8.19.0000')).toBe('check_digits');
    expect(cnjNumberProblem('0058968-77.2016.8.19.0000')).toBe('check_digits');
    expect(cnjNumberProblem('0059867-77.2016.8.19.0000')).toBe('check_digits');
    expect(hasValidCnjCheckDigits(cnjDigits(TJRJ)!)).toBe(true);
  });

  it('refuse anything that is not 20 digits with the mask’s separators', () => {
    for (const typed of [
      '',
      '0058967-77.2016.8.19.000',
      '0058967-77.2016.8.19.00000',
      'LM20261121-K7Q3-9XTD-M2PA',
      '٠٠٥٨٩٦٧٧٧٢٠١٦٨١٩٠٠٠٠',
      '0058967-77.2016.8.19.0000<script>',
    ]) {
      expect(cnjNumberProblem(typed)).toBe('format');
    }
  });

  it('derive the court from J.TR: 8.13 is TJMG, 8.26 TJSP, 8.07 TJDFT, 4.01 TRF1, 5.02 TRT2', () => {
    expect(courtOf(cnjDigits(TJRJ)!)).toEqual({ acronym: 'TJRJ', datajudAlias: 'api_publica_tjrj' });
    expect(courtOf(cnjDigits(TRF1)!)?.acronym).toBe('TRF1');
    const digitsOf = (j: string, tr: string) => {
      const rest = { sequence: '0001234', year: '2026', justice: j, court: tr, origin: '0001' };
      return `0001234${cnjCheckDigits(rest)}2026${j}${tr}0001`;
    };
    expect(courtOf(digitsOf('8', '13'))?.acronym).toBe('TJMG');
    expect(courtOf(digitsOf('8', '26'))?.datajudAlias).toBe('api_publica_tjsp');
    expect(courtOf(digitsOf('8', '07'))?.acronym).toBe('TJDFT');
    expect(courtOf(digitsOf('5', '02'))?.acronym).toBe('TRT2');
    expect(cnjNumberProblem(formatCnjNumber(digitsOf('8', '26')))).toBeUndefined();
    expect(cnjNumberProblem(formatCnjNumber(digitsOf('8', '28')))).toBe('unknown_court');
    expect(cnjNumberProblem(formatCnjNumber(digitsOf('6', '26')))).toBe('unknown_court');
  });

  it('format 20 digits with the mask', () => {
    expect(formatCnjNumber('00589677720168190000')).toBe(TJRJ);
  });
});
