import { useEffect, useState } from 'react';
import { Button, Flex, PasswordField, TextField } from '@aws-amplify/ui-react';
import { useForm, useWatch } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@domain/auth.js';
import { authFormResolver, type AuthFormContext, type AuthFormFields } from '../lib/auth-form-resolver';
import type { AuthFormValues, AuthMode } from '../lib/auth-form-schema';
import { createSecurityCheck, isSecurityCheckSolved } from '../lib/security-check';
import { LoginAlternatives } from './login-alternatives';
import { SecurityCheckField } from './security-check-field';
import { SignUpFields } from './sign-up-fields';
import { SignUpLegalLinks } from './sign-up-legal-links';
import { useAuthSubmit } from './use-auth-submit';
import { useLinkRequests } from './use-link-requests';

type AuthFormProps = {
  mode: AuthMode;
  initialEmail: string;
  initialReferralCode: string;
  /** Puts the caret in the e-mail at once ('E-mail errado?' came back to correct it). */
  focusEmail?: boolean;
  onModeChange: (mode: AuthMode) => void;
  /** The password was right and Cognito asks for the authenticator code (admins). */
  onAuthenticatorCode: (email: string) => void;
  /** The account was created: 'Confira seu e-mail' takes over, with the address it was sent to. */
  onSignedUp: (email: string) => void;
};

export function AuthForm({
  mode,
  initialEmail,
  initialReferralCode,
  focusEmail = false,
  onModeChange,
  onAuthenticatorCode,
  onSignedUp,
}: AuthFormProps) {
  const [check, setCheck] = useState(() => createSecurityCheck());
  const {
    register,
    handleSubmit,
    control,
    setValue,
    getValues,
    setError,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<AuthFormFields, AuthFormContext, AuthFormValues>({
    resolver: authFormResolver,
    context: { mode, checkExpected: check.a + check.b },
    defaultValues: {
      email: initialEmail,
      password: '',
      confirmPassword: '',
      referralCode: initialReferralCode,
      checkAnswer: '',
    },
    mode: 'onSubmit',
    // After a first submit, a message goes as soon as its field is fixed.
    reValidateMode: 'onChange',
  });
  useEffect(() => {
    if (focusEmail) setFocus('email', { shouldSelect: true });
  }, [focusEmail, setFocus]);
  const checkAnswer = useWatch({ control, name: 'checkAnswer' });
  const solved = isSecurityCheckSolved(check, checkAnswer);

  const refreshCheck = () => {
    setCheck(createSecurityCheck());
    setValue('checkAnswer', '');
  };

  const { submit, pending } = useAuthSubmit({ onModeChange, onAuthenticatorCode, onSignedUp });
  const links = useLinkRequests({ getValues, setError, clearErrors, checkSolved: solved, refreshCheck });
  const busy = pending || links.magicLinkPending || links.passwordResetPending;
  const isRegister = mode === 'register';

  return (
    // Each problem is said under its field (Amplify ties it with aria-describedby and aria-invalid) and the first one
    // takes the focus, so it is read out; toasts are kept for what the server answered (docs/decisions.md).
    <form onSubmit={handleSubmit(submit)} noValidate aria-label={isRegister ? 'Cadastro' : 'Login'}>
      <Flex direction="column" gap="medium">
        <TextField
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="seu@email.com"
          maxLength={EMAIL_MAX_LENGTH}
          aria-required="true"
          hasError={Boolean(errors.email)}
          errorMessage={errors.email?.message}
          {...register('email')}
        />
        <PasswordField
          label="Senha"
          autoComplete={isRegister ? 'new-password' : 'current-password'}
          maxLength={PASSWORD_MAX_LENGTH}
          aria-required="true"
          showPasswordButtonLabel="Mostrar senha"
          passwordIsHiddenLabel="Senha oculta"
          passwordIsShownLabel="Senha visível"
          hasError={Boolean(errors.password)}
          errorMessage={errors.password?.message}
          {...register('password')}
        />
        {isRegister && <SignUpFields register={register} errors={errors} />}
        <SecurityCheckField
          check={check}
          onRefresh={refreshCheck}
          registration={register('checkAnswer')}
          solved={solved}
          errorMessage={errors.checkAnswer?.message}
        />
        <Button
          type="submit"
          variation="primary"
          size="large"
          isFullWidth
          // Never disabled for an unsolved check: pressed, the form says what is missing under each field.
          isDisabled={busy}
          isLoading={pending}
          loadingText={isRegister ? 'Cadastrando...' : 'Entrando...'}
        >
          {isRegister ? 'Cadastrar' : 'Entrar'}
        </Button>
        {isRegister && <SignUpLegalLinks />}
        {!isRegister && (
          <LoginAlternatives
            busy={busy}
            onMagicLink={links.sendMagicLink}
            magicLinkPending={links.magicLinkPending}
            magicLinkSentTo={links.magicLinkSentTo}
            onPasswordReset={links.sendPasswordReset}
            passwordResetPending={links.passwordResetPending}
          />
        )}
      </Flex>
    </form>
  );
}
