import { PARTNER_FIELD_LABELS } from '@domain/filing-documents.js';
import type { NewProfileInput } from '@domain/schemas/profile-input.js';

/** What the form edits: the first save's input, less the referral kept from sign-up (added when it is sent). */
export type ProfileFormValues = Omit<NewProfileInput, 'referral_ref' | 'referral_invite'>;

/** What a field shows of its problem (Amplify marks it aria-invalid and ties the message with aria-describedby). */
export type FieldErrorProps = { hasError: boolean; errorMessage: string | undefined };

/** Each field's label as the form shows it, in the form's order: the error summary names fields by them. */
export const PROFILE_FIELD_LABELS: Record<keyof ProfileFormValues, string> = {
  nome_completo: 'Nome completo',
  tipo_documento: 'Tipo de documento',
  cpf: 'CPF',
  whatsapp: 'WhatsApp',
  ...PARTNER_FIELD_LABELS,
  cep: 'CEP',
  cidade: 'Cidade',
  estado: 'Estado (UF)',
  endereco: 'Endereço',
  numero: 'Número',
  complemento: 'Complemento',
  bairro: 'Bairro',
};
