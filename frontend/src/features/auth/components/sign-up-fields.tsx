import { PasswordField, TextField } from '@aws-amplify/ui-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '@domain/auth.js';
import { REFERRAL_CODE_LENGTH } from '@domain/referral-code.js';
import type { AuthFormFields } from '../lib/auth-form-resolver';

/** What only 'Cadastrar' asks: the password again, and the referral code a friend gave (optional). */
export function SignUpFields({
  register,
  errors,
}: {
  register: UseFormRegister<AuthFormFields>;
  errors: FieldErrors<AuthFormFields>;
}) {
  const referral = register('referralCode');
  return (
    <>
      <PasswordField
        label="Confirmar senha"
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        aria-required="true"
        showPasswordButtonLabel="Mostrar confirmação de senha"
        passwordIsHiddenLabel="Confirmação oculta"
        passwordIsShownLabel="Confirmação visível"
        hasError={Boolean(errors.confirmPassword)}
        errorMessage={errors.confirmPassword?.message}
        {...register('confirmPassword')}
      />
      <TextField
        label="Código de indicação (opcional)"
        placeholder="REF-XXXXXX"
        maxLength={REFERRAL_CODE_LENGTH}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...referral}
        onChange={(event) => {
          const input = event.target;
          const { selectionStart, selectionEnd } = input;
          input.value = input.value.toUpperCase();
          // Upper-casing in place keeps the caret where the user is typing.
          input.setSelectionRange(selectionStart, selectionEnd);
          void referral.onChange(event);
        }}
      />
    </>
  );
}
