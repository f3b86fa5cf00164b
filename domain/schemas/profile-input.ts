import * as z from 'zod';
import { isValidDocument, onlyDigits } from '../documents.js';
import { documentTypeSchema } from './entities.js';

/** The profile form (spec 02 §5), shared by the screen and the API; messages are the spec's. */
export const profileInputSchema = z
  .object({
    tipo_documento: documentTypeSchema.default('cpf'),
    nome_completo: z.string().trim().min(3, 'Nome deve ter pelo menos 3 caracteres').max(120),
    email: z.email('Email inválido').max(254),
    whatsapp: z.string().trim().min(10, 'WhatsApp inválido').max(20),
    cpf: z
      .string()
      .min(1, 'Documento obrigatório')
      .transform(onlyDigits)
      .refine((d) => d.length >= 11, 'Documento inválido'),
    cep: z.string().trim().min(8, 'CEP inválido').max(9),
    endereco: z.string().trim().min(5, 'Endereço obrigatório').max(200),
    numero: z.string().trim().min(1, 'Número obrigatório').max(20),
    complemento: z
      .string()
      .trim()
      .max(100)
      .nullish()
      .transform((v) => (v ? v : null)),
    bairro: z.string().trim().min(2, 'Bairro obrigatório').max(100),
    cidade: z.string().trim().min(2, 'Cidade obrigatória').max(100),
    estado: z.string().trim().min(2, 'Estado obrigatório').max(2),
  })
  .superRefine((value, ctx) => {
    if (!isValidDocument(value.tipo_documento, value.cpf)) {
      ctx.addIssue({
        code: 'custom',
        path: ['cpf'],
        message: value.tipo_documento === 'cpf' ? 'CPF inválido' : 'CNPJ inválido',
      });
    }
  });
export type ProfileInput = z.infer<typeof profileInputSchema>;
