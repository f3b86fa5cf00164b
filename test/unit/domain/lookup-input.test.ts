import { describe, expect, it } from 'vitest';
import { maskLookupInput } from '../../../domain/lookup-input.js';

describe("the public lookup's input mask", () => {
  it('masks a CPF as it is typed', () => {
    expect(
      ['5', '529', '5299', '529982', '5299822', '529982247', '5299822472', '52998224725'].map(maskLookupInput),
    ).toEqual(['5', '529', '529.9', '529.982', '529.982.2', '529.982.247', '529.982.247-2', '529.982.247-25']);
  });

  it('turns into a CNPJ past 11 digits, and masks an alphanumeric CNPJ (in force since July 2026)', () => {
    expect(maskLookupInput('529.982.247-251')).toBe('52.998.224/7251');
    expect(maskLookupInput('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskLookupInput('12abc')).toBe('12.ABC');
    expect(maskLookupInput('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('leaves a protocol, and anything longer than a document, as typed', () => {
    expect(maskLookupInput('LM20261126-K24H')).toBe('LM20261126-K24H');
    expect(maskLookupInput('lm2026')).toBe('lm2026');
    expect(maskLookupInput('123456789012345')).toBe('123456789012345');
    expect(maskLookupInput('')).toBe('');
  });
});
