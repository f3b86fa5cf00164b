import { Card, Grid, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { PARTNER_FIELD_LABELS, PARTNER_MESSAGES } from '@domain/filing-documents.js';
import { MASKS, MAX_LENGTHS } from '../lib/masks';
import type { FieldErrorProps, ProfileFormValues } from '../lib/profile-form-values';
import { MaskedTextField } from './masked-text-field';
import { profileFieldId } from './profile-error-summary';

type PartnerFieldsProps = {
  control: Control<ProfileFormValues>;
  register: UseFormRegister<ProfileFormValues>;
  fieldError: (name: keyof ProfileFormValues) => FieldErrorProps;
};

/** A company's signing partner, who signs its procuração: the card the profile form shows for a CNPJ only. */
export function PartnerFields({ control, register, fieldError }: PartnerFieldsProps) {
  return (
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
  );
}
