import { useEffect, useRef, useState } from 'react';
import { Button, Card, Flex, Grid, Heading, Radio, RadioGroupField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router';
import * as z from 'zod';
import { formatDocument } from '@domain/documents.js';
import { PARTNER_FIELD_LABELS, PARTNER_MESSAGES } from '@domain/filing-documents.js';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import { documentTypeSchema, type Profile } from '@domain/schemas/entities.js';
import { newProfileSchema, profileDetailsSchema, type NewProfile } from '@domain/schemas/profile-input.js';
import { ApiRequestError, isRefusal } from '@/lib/api-error';
import { clearReferralCodes, storedReferralCodes } from '@/lib/referral-storage';
import { toast, toastApiError } from '@/lib/toast';
import { lookupPostalCode, useCreateProfile, useUpdateProfile } from '../api/profile';
import { MASKS, MAX_LENGTHS } from '../lib/masks';
import { PROFILE_FIELD_LABELS, type FieldErrorProps, type ProfileFormValues } from '../lib/profile-form-values';
import { ChangeEmailDialog } from './change-email-dialog';
import { MaskedTextField } from './masked-text-field';
import { ProfileAddressFields } from './profile-address-fields';
import { ProfileErrorSummary, profileFieldId, type SummaryItem } from './profile-error-summary';

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
    socio_nome: profile?.socio_nome ?? '',
    socio_cpf: profile?.socio_cpf ? formatDocument(profile.socio_cpf) : '',
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
    // A refused save moves the focus to the summary at the top instead (ProfileErrorSummary).
    shouldFocusError: false,
  });
  const { errors } = formState;
  const documentType = useWatch({ control, name: 'tipo_documento' });
  const summaryRef = useRef<HTMLDivElement>(null);
  // Bumped by each refused save (the form's or the server's), so the summary takes the focus again every time. The
  // errors may reach the form's state a render after the count: the focus waits for the summary to be there.
  const [refusals, setRefusals] = useState(0);
  const focusedRefusal = useRef(0);
  useEffect(() => {
    if (refusals > focusedRefusal.current && summaryRef.current) {
      focusedRefusal.current = refusals;
      summaryRef.current.focus();
    }
  });
  const summary: SummaryItem[] = (Object.keys(PROFILE_FIELD_LABELS) as (keyof ProfileFormValues)[]).flatMap((name) => {
    const message = errors[name]?.message;
    if (!message) return [];
    const label = name === 'cpf' && documentType === 'cnpj' ? 'CNPJ' : PROFILE_FIELD_LABELS[name];
    return [{ name, label, message }];
  });
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

  // The fields the server refused, and a taken document, go under their fields and into the summary; any other refusal
  // (a deleted account...) or failure is what the save answered: a toast.
  const showServerError = (error: unknown) => {
    const fields =
      error instanceof ApiRequestError ? Object.entries(error.fields ?? {}).filter(([f]) => isFormField(f)) : [];
    if (isRefusal(error, 'document_in_use')) fields.push(['cpf', error.message]);
    for (const [field, message] of fields) setError(field as keyof ProfileFormValues, { type: 'server', message });
    if (fields.length > 0) return setRefusals((count) => count + 1);
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

  // Every problem shows under its field and in the summary at the top, which takes the focus (docs/decisions.md).
  const onInvalid = () => setRefusals((count) => count + 1);

  const fieldError = (name: keyof ProfileFormValues): FieldErrorProps => ({
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
        {summary.length > 0 && refusals > 0 && <ProfileErrorSummary ref={summaryRef} items={summary} />}
        <Card variation="outlined" className="profile-card">
          <Heading level={2} fontSize="large" marginBottom="medium">
            Dados pessoais
          </Heading>
          <Flex direction="column" gap="medium">
            <TextField
              id={profileFieldId('nome_completo')}
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
                    id={profileFieldId('cpf')}
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
                    id={profileFieldId('whatsapp')}
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

        {documentType === 'cnpj' ? (
          <Card variation="outlined" className="profile-card">
            <Heading level={2} fontSize="large" marginBottom="xs">
              {PARTNER_MESSAGES.sectionTitle}
            </Heading>
            <Text fontSize="small" color="font.secondary" marginBottom="medium">
              {PARTNER_MESSAGES.sectionHint}
            </Text>
            <Grid templateColumns={{ base: '1fr', medium: '2fr 1fr' }} gap="medium">
              <TextField
                id={profileFieldId('socio_nome')}
                label={PARTNER_FIELD_LABELS.socio_nome}
                maxLength={120}
                {...register('socio_nome')}
                {...fieldError('socio_nome')}
              />
              <Controller
                control={control}
                name="socio_cpf"
                render={({ field }) => (
                  <MaskedTextField
                    id={profileFieldId('socio_cpf')}
                    label={PARTNER_FIELD_LABELS.socio_cpf}
                    mask={MASKS.cpf}
                    maxLength={MAX_LENGTHS.cpf}
                    placeholder="000.000.000-00"
                    inputMode="numeric"
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    {...fieldError('socio_cpf')}
                  />
                )}
              />
            </Grid>
          </Card>
        ) : null}

        <ProfileAddressFields
          control={control}
          register={register}
          fieldError={fieldError}
          cepHint={cepHint}
          onCepChange={(value) => void fillFromCep(value)}
        />

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
