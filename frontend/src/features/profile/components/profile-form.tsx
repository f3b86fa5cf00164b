import { useRef, useState } from 'react';
import { Button, Card, Flex, Grid, Heading, Radio, RadioGroupField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod';
import { formatDocument } from '@domain/documents.js';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { documentTypeSchema, type Profile } from '@domain/schemas/entities.js';
import {
  newProfileSchema,
  profileDetailsSchema,
  type NewProfile,
  type NewProfileInput,
} from '@domain/schemas/profile-input.js';
import { ApiRequestError } from '@/lib/api-error';
import { clearReferralCodes, storedReferralCodes } from '@/lib/referral-storage';
import { toast, toastApiError, toastError } from '@/lib/toast';
import { lookupPostalCode, useCreateProfile, useUpdateProfile } from '../api/profile';
import { MASKS, MAX_LENGTHS } from '../lib/masks';
import { ChangeEmailDialog } from './change-email-dialog';
import { MaskedTextField } from './masked-text-field';

/** What the form edits: the first save's input, less the referral kept from sign-up (added when it is sent). */
type ProfileFormValues = Omit<NewProfileInput, 'referral_ref' | 'referral_invite'>;

/**
 * Later saves check the details only: the document is read-only once the profile exists, so it passes through as it
 * was loaded (and is not sent).
 */
const profileUpdateSchema = profileDetailsSchema.extend({
  tipo_documento: documentTypeSchema.optional(),
  cpf: z.string(),
});

/** What a valid submit hands over: the parsed first save, or the parsed details with the document as loaded. */
type ProfileFormOutput = NewProfile | z.output<typeof profileUpdateSchema>;

const createResolver = zodResolver(newProfileSchema);
const updateResolver = zodResolver(profileUpdateSchema);

function initialValues(profile: Profile | null): Required<ProfileFormValues> {
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
  };
}

const FORM_FIELDS = new Set<string>(Object.keys(initialValues(null)));

/** A field the server named in its refusal that this form shows. */
const isFormField = (name: string): name is keyof ProfileFormValues => FORM_FIELDS.has(name);

type CepState = 'idle' | 'searching' | 'not-found' | 'unavailable';

/** Spec 02 §2 Profile: the first save creates the profile and its contract; later saves update all but the document. */
export function ProfileForm({ profile, email }: { profile: Profile | null; email: string }) {
  const navigate = useNavigate();
  const createProfile = useCreateProfile();
  const updateProfile = useUpdateProfile();
  const isNew = profile === null;
  const [cepState, setCepState] = useState<CepState>('idle');
  const lastCep = useRef(profile?.cep.replace(/\D/g, '') ?? '');

  const { control, register, handleSubmit, setValue, setError, formState } = useForm<
    ProfileFormValues,
    unknown,
    ProfileFormOutput
  >({
    defaultValues: initialValues(profile),
    // The document is read-only once the profile exists: later saves validate (and send) the details only.
    resolver: isNew ? createResolver : updateResolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = formState;
  const documentType = useWatch({ control, name: 'tipo_documento' });
  const saving = createProfile.isPending || updateProfile.isPending;

  const fillFromCep = async (masked: string) => {
    const cep = masked.replace(/\D/g, '');
    if (cep.length !== 8 || cep === lastCep.current) return;
    lastCep.current = cep;
    setCepState('searching');
    try {
      const answer = await lookupPostalCode(cep);
      if (!answer.address) return setCepState(answer.unavailable ? 'unavailable' : 'not-found');
      const { street, neighborhood, city, state } = answer.address;
      const fill: [Path<ProfileFormValues>, string][] = [
        ['endereco', street],
        ['bairro', neighborhood],
        ['cidade', city],
        ['estado', state],
      ];
      for (const [field, value] of fill) {
        // Never wipe what the customer typed with an empty answer (a city-wide CEP has no street).
        if (value) setValue(field, value, { shouldDirty: true, shouldValidate: formState.isSubmitted });
      }
      setCepState('idle');
    } catch {
      // Fail soft: the fields stay editable and the form still saves.
      setCepState('unavailable');
    }
  };

  // The first field the server refused, else its refusal (a taken document, a deleted account...), else 'Erro ao salvar'.
  const showServerError = (error: unknown) => {
    const fields = error instanceof ApiRequestError ? Object.entries(error.fields ?? {}) : [];
    for (const [field, message] of fields) {
      if (isFormField(field)) setError(field, { message });
    }
    if (fields[0]) return toastError(fields[0][1]);
    toastApiError(error, PROFILE_MESSAGES.saveFailed);
  };

  const onValid = async (values: ProfileFormOutput) => {
    if (isNew) {
      try {
        await createProfile.mutateAsync({ ...values, ...storedReferralCodes() });
        clearReferralCodes();
        toast({
          title: PROFILE_MESSAGES.created,
          description: PROFILE_MESSAGES.createdDescription,
          variant: 'success',
        });
        void navigate('/app/contrato');
      } catch (error) {
        showServerError(error);
      }
      return;
    }
    const { tipo_documento: _type, cpf: _document, ...details } = values;
    try {
      await updateProfile.mutateAsync(details);
      toast({ title: PROFILE_MESSAGES.updated, variant: 'success' });
    } catch (error) {
      showServerError(error);
    }
  };

  // A document failing its check digits is a toast in the spec; every message also marks its field.
  const onInvalid = (fieldErrors: FieldErrors<ProfileFormValues>) => {
    const first = Object.values(fieldErrors).find((error) => error?.message);
    if (first?.message) toastError(first.message);
  };

  const fieldError = (name: keyof ProfileFormValues) => ({
    hasError: Boolean(errors[name]),
    errorMessage: errors[name]?.message,
  });

  const cepHint =
    cepState === 'searching'
      ? 'Buscando endereço...'
      : cepState === 'not-found' || cepState === 'unavailable'
        ? PROFILE_MESSAGES.postalCodeNotFound
        : undefined;

  return (
    <form onSubmit={handleSubmit(onValid, onInvalid)} noValidate aria-label="Meu Perfil">
      <Flex direction="column" gap="large">
        <Card variation="outlined" className="profile-card">
          <Heading level={2} fontSize="large" marginBottom="medium">
            Dados pessoais
          </Heading>
          <Flex direction="column" gap="medium">
            <TextField
              label="Nome completo"
              autoComplete="name"
              maxLength={120}
              {...register('nome_completo')}
              {...fieldError('nome_completo')}
            />
            <Flex direction="column" gap="xs">
              <TextField label="Email" value={email} isReadOnly autoComplete="email" />
              <ChangeEmailDialog currentEmail={email} />
            </Flex>
            <Controller
              control={control}
              name="tipo_documento"
              render={({ field }) => (
                <RadioGroupField
                  legend="Tipo de documento"
                  name={field.name}
                  value={field.value}
                  direction={{ base: 'column', medium: 'row' }}
                  isDisabled={!isNew}
                  onChange={(event) => {
                    field.onChange(event.target.value);
                    setValue('cpf', '');
                  }}
                  {...fieldError('tipo_documento')}
                >
                  <Radio value="cpf">CPF - Pessoa Física</Radio>
                  <Radio value="cnpj">CNPJ - Pessoa Jurídica</Radio>
                </RadioGroupField>
              )}
            />
            <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium">
              <Controller
                control={control}
                name="cpf"
                render={({ field }) => (
                  <MaskedTextField
                    label={documentType === 'cnpj' ? 'CNPJ' : 'CPF'}
                    mask={documentType === 'cnpj' ? MASKS.cnpj : MASKS.cpf}
                    maxLength={documentType === 'cnpj' ? MAX_LENGTHS.cnpj : MAX_LENGTHS.cpf}
                    placeholder={documentType === 'cnpj' ? '00.000.000/0000-00' : '000.000.000-00'}
                    inputMode={documentType === 'cnpj' ? 'text' : 'numeric'}
                    autoCapitalize="characters"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    isReadOnly={!isNew}
                    descriptiveText={isNew ? undefined : 'O documento não pode ser alterado.'}
                    {...fieldError('cpf')}
                  />
                )}
              />
              <Controller
                control={control}
                name="whatsapp"
                render={({ field }) => (
                  <MaskedTextField
                    label="WhatsApp"
                    mask={MASKS.whatsapp}
                    maxLength={MAX_LENGTHS.whatsapp}
                    placeholder="(00) 00000-0000"
                    inputMode="tel"
                    autoComplete="tel-national"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    {...fieldError('whatsapp')}
                  />
                )}
              />
            </Grid>
          </Flex>
        </Card>

        <Card variation="outlined" className="profile-card">
          <Heading level={2} fontSize="large" marginBottom="medium">
            Endereço
          </Heading>
          <Grid templateColumns={{ base: '1fr', medium: '1fr 2fr 1fr' }} gap="medium">
            <Controller
              control={control}
              name="cep"
              render={({ field }) => (
                <MaskedTextField
                  label="CEP"
                  mask={MASKS.cep}
                  maxLength={MAX_LENGTHS.cep}
                  placeholder="00000-000"
                  inputMode="numeric"
                  autoComplete="postal-code"
                  value={field.value}
                  onChange={(value) => {
                    field.onChange(value);
                    void fillFromCep(value);
                  }}
                  onBlur={field.onBlur}
                  name={field.name}
                  descriptiveText={cepHint}
                  {...fieldError('cep')}
                />
              )}
            />
            <TextField
              label="Cidade"
              autoComplete="address-level2"
              maxLength={100}
              {...register('cidade')}
              {...fieldError('cidade')}
            />
            <Controller
              control={control}
              name="estado"
              render={({ field }) => (
                <MaskedTextField
                  label="Estado (UF)"
                  mask={MASKS.uf}
                  maxLength={MAX_LENGTHS.uf}
                  placeholder="UF"
                  autoComplete="address-level1"
                  autoCapitalize="characters"
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  name={field.name}
                  {...fieldError('estado')}
                />
              )}
            />
          </Grid>
          <Grid templateColumns={{ base: '1fr', medium: '3fr 1fr' }} gap="medium" marginTop="medium">
            <TextField
              label="Endereço"
              autoComplete="address-line1"
              maxLength={200}
              {...register('endereco')}
              {...fieldError('endereco')}
            />
            <TextField label="Número" maxLength={20} {...register('numero')} {...fieldError('numero')} />
          </Grid>
          <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" marginTop="medium">
            <TextField
              label="Complemento"
              autoComplete="address-line2"
              maxLength={100}
              {...register('complemento')}
              {...fieldError('complemento')}
            />
            <TextField label="Bairro" maxLength={100} {...register('bairro')} {...fieldError('bairro')} />
          </Grid>
        </Card>

        <Flex justifyContent="flex-end">
          <Button type="submit" variation="primary" isLoading={saving} loadingText={PROFILE_MESSAGES.saving}>
            {isNew ? PROFILE_MESSAGES.saveFirst : PROFILE_MESSAGES.saveAgain}
          </Button>
        </Flex>
        {isNew ? (
          <Text fontSize="small" color="font.secondary">
            Ao salvar, geramos automaticamente o seu contrato de prestação de serviços.
          </Text>
        ) : null}
      </Flex>
    </form>
  );
}
