import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { useForm, useWatch } from 'react-hook-form';
import { PROFILE_MESSAGES } from '@domain/messages.js';
import type { Profile } from '@domain/schemas/entities.js';
import { profileFormResolver, type ProfileFormOutput } from '../lib/profile-form-schema';
import { initialProfileValues, type FieldErrorProps, type ProfileFormValues } from '../lib/profile-form-values';
import { PartnerFields } from './partner-fields';
import { PersonalDataFields } from './personal-data-fields';
import { ProfileAddressFields } from './profile-address-fields';
import { ProfileErrorSummary } from './profile-error-summary';
import { useCepAutofill } from './use-cep-autofill';
import { useErrorSummary } from './use-error-summary';
import { useProfileSave } from './use-profile-save';

/** Spec 02 §2 Profile: the first save creates the profile and its contract; later saves update all but the document. */
export function ProfileForm({ profile, email }: { profile: Profile | null; email: string }) {
  const isNew = profile === null;
  const { control, register, handleSubmit, setValue, setError, formState } = useForm<
    ProfileFormValues,
    unknown,
    ProfileFormOutput
  >({
    defaultValues: initialProfileValues(profile),
    // The document is read-only once the profile exists: later saves validate (and send) the details only.
    resolver: profileFormResolver(isNew),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // A refused save moves the focus to the summary at the top instead (ProfileErrorSummary).
    shouldFocusError: false,
  });
  const { errors } = formState;
  const documentType = useWatch({ control, name: 'tipo_documento' });
  // Every problem shows under its field and in the summary at the top, which takes the focus (docs/decisions.md).
  const { summaryRef, summaryItems, showSummary, refused } = useErrorSummary(errors, documentType);
  const { save, saving } = useProfileSave({ isNew, setError, onFieldsRefused: refused });
  const cep = useCepAutofill({ initialCep: profile?.cep, setValue, validate: () => formState.isSubmitted });

  const fieldError = (name: keyof ProfileFormValues): FieldErrorProps => ({
    hasError: Boolean(errors[name]),
    errorMessage: errors[name]?.message,
  });

  return (
    <form onSubmit={handleSubmit(save, refused)} noValidate aria-label="Meu Perfil">
      <Flex direction="column" gap="large">
        {showSummary && <ProfileErrorSummary ref={summaryRef} items={summaryItems} />}
        <PersonalDataFields
          control={control}
          register={register}
          setValue={setValue}
          fieldError={fieldError}
          isNew={isNew}
          email={email}
          documentType={documentType}
        />
        {documentType === 'cnpj' ? (
          <PartnerFields control={control} register={register} fieldError={fieldError} />
        ) : null}
        <ProfileAddressFields
          control={control}
          register={register}
          fieldError={fieldError}
          cepHint={cep.cepHint}
          onCepChange={cep.onCepChange}
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
