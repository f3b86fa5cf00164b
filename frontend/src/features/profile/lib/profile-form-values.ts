import { formatDocument } from '@domain/documents.js';
import { PARTNER_FIELD_LABELS } from '@domain/filing-documents.js';
import type { Profile } from '@domain/schemas/entities.js';
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

/** The form's values for a profile as loaded, or empty for the first save. */
export function initialProfileValues(profile: Profile | null): Required<ProfileFormValues> {
  return {
    tipo_documento: profile?.tipo_documento ?? 'cpf',
    cpf: profile ? formatDocument(profile.cpf) : '',
    nome_completo: profile?.nome_completo ?? '',
    whatsapp: profile?.whatsapp ?? '',
    cep: profile?.cep ?? '',
    cidade: profile?.cidade ?? '',
    estado: profile?.estado ?? '',
    endereco: profile?.endereco ?? '',
    numero: profile?.numero ?? '',
    complemento: profile?.complemento ?? '',
    bairro: profile?.bairro ?? '',
    socio_nome: profile?.socio_nome ?? '',
    socio_cpf: profile?.socio_cpf ? formatDocument(profile.socio_cpf) : '',
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(initialProfileValues(null)));

/** A field the server named in its refusal that this form shows. */
export const isProfileFormField = (name: string): name is keyof ProfileFormValues => FORM_FIELDS.has(name);
