import { Card, Grid, Heading, TextField } from '@aws-amplify/ui-react';
import { Controller, type Control, type UseFormRegister } from 'react-hook-form';
import { MASKS, MAX_LENGTHS } from '../lib/masks';
import { MaskedTextField } from './masked-text-field';
import type { FieldErrorProps, ProfileFormValues } from '../lib/profile-form-values';
import { profileFieldId } from './profile-error-summary';

type ProfileAddressFieldsProps = {
  control: Control<ProfileFormValues>;
  register: UseFormRegister<ProfileFormValues>;
  fieldError: (name: keyof ProfileFormValues) => FieldErrorProps;
  /** 'Buscando endereço...' or why the CEP filled nothing. */
  cepHint: string | undefined;
  /** Every change of the CEP: 8 digits fill the address from the postal-code lookup. */
  onCepChange: (masked: string) => void;
};

/** The address card of the profile form (spec 02 §2 Profile). */
export function ProfileAddressFields({
  control,
  register,
  fieldError,
  cepHint,
  onCepChange,
}: ProfileAddressFieldsProps) {
  const text = (name: keyof ProfileFormValues) => ({
    id: profileFieldId(name),
    ...register(name),
    ...fieldError(name),
  });
  return (
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
              id={profileFieldId('cep')}
              label="CEP"
              mask={MASKS.cep}
              maxLength={MAX_LENGTHS.cep}
              placeholder="00000-000"
              inputMode="numeric"
              autoComplete="postal-code"
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                onCepChange(value);
              }}
              onBlur={field.onBlur}
              name={field.name}
              descriptiveText={cepHint}
              {...fieldError('cep')}
            />
          )}
        />
        <TextField label="Cidade" autoComplete="address-level2" maxLength={100} {...text('cidade')} />
        <Controller
          control={control}
          name="estado"
          render={({ field }) => (
            <MaskedTextField
              id={profileFieldId('estado')}
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
        <TextField label="Endereço" autoComplete="address-line1" maxLength={200} {...text('endereco')} />
        <TextField label="Número" maxLength={20} {...text('numero')} />
      </Grid>
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" marginTop="medium">
        <TextField label="Complemento" autoComplete="address-line2" maxLength={100} {...text('complemento')} />
        <TextField label="Bairro" maxLength={100} {...text('bairro')} />
      </Grid>
    </Card>
  );
}
