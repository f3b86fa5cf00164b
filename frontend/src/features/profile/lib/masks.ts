import type { FactoryArg } from 'imask';

/**
 * Input masks of spec 02 §2 (imask). The CNPJ takes letters in its first twelve positions (the alphanumeric CNPJ in
 * force since July 2026), upper-cased as typed; its two check digits stay numeric.
 */
export const MASKS = {
  cpf: { mask: '000.000.000-00' },
  cnpj: {
    mask: 'XX.XXX.XXX/XXXX-00',
    definitions: { X: /[0-9A-Za-z]/ },
    prepareChar: (value: string) => value.toUpperCase(),
  },
  cep: { mask: '00000-000' },
  whatsapp: { mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }] },
  uf: { mask: 'aa', prepareChar: (value: string) => value.toUpperCase() },
} satisfies Record<string, FactoryArg>;

export const MAX_LENGTHS = { cpf: 14, cnpj: 18, cep: 9, whatsapp: 15, uf: 2 } as const;
