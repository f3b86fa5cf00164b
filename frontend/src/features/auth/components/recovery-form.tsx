import { Button, Flex, PasswordField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { PASSWORD_MAX_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { toast, toastError } from '@/lib/toast';
import { useConfirmPasswordReset } from '../api/reset-password';
import { authRequestErrorMessage } from '../lib/auth-errors';
import { recoveryFormSchema, type RecoveryFormValues } from '../lib/recovery-form-schema';

type RecoveryFormProps = {
  email: string;
  code: string;
  /** After the password changed, or on 'Cancelar': back to login with this e-mail. */
  onDone: (email: string) => void;
};

/** Password-recovery mode of /auth (spec 01 §2): opened by the link of the recovery e-mail. */
export function RecoveryForm({ email, code, onDone }: RecoveryFormProps) {
  const confirm = useConfirmPasswordReset();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RecoveryFormValues>({
    resolver: zodResolver(recoveryFormSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });

  const onValid = ({ newPassword }: RecoveryFormValues) =>
    confirm.mutate(
      { email, code, newPassword },
      {
        onSuccess: () => {
          toast({
            title: AUTH_MESSAGES.passwordUpdated,
            description: AUTH_MESSAGES.passwordUpdatedDescription,
            variant: 'success',
          });
          onDone(email);
        },
        onError: (error) => toastError(authRequestErrorMessage(error, AUTH_MESSAGES.passwordUpdateFailed)),
      },
    );

  // A rule broken is said under its field (Amplify links it with aria-describedby and marks it aria-invalid), and the
  // focus moves there, so a screen reader reads it; toasts are for what the server answered.
  return (
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label="Redefinir senha">
      <Flex direction="column" gap="medium">
        {/* Lets password managers file the new password under the right account. */}
        <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
        <PasswordField
          label="Nova senha"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          aria-required="true"
          descriptiveText="Pelo menos 6 caracteres."
          showPasswordButtonLabel="Mostrar nova senha"
          passwordIsHiddenLabel="Nova senha oculta"
          passwordIsShownLabel="Nova senha visível"
          hasError={Boolean(errors.newPassword)}
          errorMessage={errors.newPassword?.message}
          {...register('newPassword')}
        />
        <PasswordField
          label="Confirmar nova senha"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX_LENGTH}
          aria-required="true"
          showPasswordButtonLabel="Mostrar confirmação da nova senha"
          passwordIsHiddenLabel="Confirmação oculta"
          passwordIsShownLabel="Confirmação visível"
          hasError={Boolean(errors.confirmPassword)}
          errorMessage={errors.confirmPassword?.message}
          {...register('confirmPassword')}
        />
        <Button
          type="submit"
          variation="primary"
          size="large"
          isFullWidth
          isLoading={confirm.isPending}
          loadingText="Atualizando..."
        >
          Atualizar senha
        </Button>
        <Button type="button" size="large" isFullWidth isDisabled={confirm.isPending} onClick={() => onDone(email)}>
          Cancelar
        </Button>
      </Flex>
    </form>
  );
}
