import { Card, Flex, Grid, Heading, Radio, RadioGroupField, TextField } from '@aws-amplify/ui-react';
import { Controller, type Control, type UseFormRegister, type UseFormSetValue } from 'react-hook-form';
import { MASKS, MAX_LENGTHS } from '../lib/masks';
import type { FieldErrorProps, ProfileFormValues } from '../lib/profile-form-values';
import { ChangeEmailDialog } from './change-email-dialog';
import { MaskedTextField } from './masked-text-field';
import { profileFieldId } from './profile-error-summary';

type PersonalDataFieldsProps = {
  control: Control<ProfileFormValues>;
  register: UseFormRegister<ProfileFormValues>;
  setValue: UseFormSetValue<ProfileFormValues>;
  fieldError: (name: keyof ProfileFormValues) => FieldErrorProps;
  /** The first save: the document may still be chosen and typed. */
  isNew: boolean;
  email: string;
  documentType: ProfileFormValues['tipo_documento'];
};

/** The 'Dados pessoais' card of the profile form (spec 02 §2 Profile): name, e-mail, document and WhatsApp. */
export function PersonalDataFields({
  control,
  register,
  setValue,
  fieldError,
  isNew,
  email,
  documentType,
}: PersonalDataFieldsProps) {
  return (
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
  );
}
