import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Flex, PasswordField, Text, TextField } from '@aws-amplify/ui-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch, type Resolver } from 'react-hook-form';
import { EMAIL_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '@domain/auth.js';
import { AUTH_MESSAGES } from '@domain/messages.js';
import { REFERRAL_CODE_LENGTH } from '@domain/referral-code.js';
import { storeReferralCode } from '@/lib/referral-storage';
import { toast, toastError } from '@/lib/toast';
import { useRequestMagicLink } from '../api/magic-link';
import { useRequestPasswordReset } from '../api/reset-password';
import { useSignIn } from '../api/sign-in';
import { useSignUp } from '../api/sign-up';
import { authErrorOutcome, authRequestErrorMessage, magicLinkRequestErrorMessage } from '../lib/auth-errors';
import { magicLinkRequestProblem, passwordRecoveryRequestProblem, type RequestProblem } from '../lib/auth-requests';
import { authFormSchema, type AuthFormValues, type AuthMode } from '../lib/auth-form-schema';
import { createSecurityCheck, isSecurityCheckSolved } from '../lib/security-check';
import { SecurityCheckField } from './security-check-field';
import { SignUpLegalLinks } from './sign-up-legal-links';

type AuthFormFields = {
  email: string;
  password: string;
  confirmPassword: string;
  referralCode: string;
  checkAnswer: string;
};
type AuthFormContext = { mode: AuthMode; checkExpected: number };

const schemaResolver = zodResolver(authFormSchema);
// Mode and the expected sum are not inputs; they come in through the form context at validation time.
const authFormResolver: Resolver<AuthFormFields, AuthFormContext, AuthFormValues> = (values, context, options) =>
  schemaResolver({ ...values, ...(context as AuthFormContext) }, context, options as never) as never;

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
  const signIn = useSignIn();
  const signUp = useSignUp();
  const magicLink = useRequestMagicLink();
  const passwordReset = useRequestPasswordReset();
  /** The address the last magic link went to, shown until the user asks for something else. */
  const [magicLinkSentTo, setMagicLinkSentTo] = useState<string | null>(null);
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
  const pending = signIn.isPending || signUp.isPending;
  const busy = pending || magicLink.isPending || passwordReset.isPending;

  const refreshCheck = () => {
    setCheck(createSecurityCheck());
    setValue('checkAnswer', '');
  };

  const onValid = async (values: AuthFormValues) => {
    if (values.mode === 'login') {
      try {
        // No navigation here: the stored session makes AuthPage redirect to where the user was going.
        const result = await signIn.mutateAsync({ email: values.email, password: values.password });
        if (result === 'authenticator-code') onAuthenticatorCode(values.email);
      } catch (error) {
        toastError(authErrorOutcome(error).message);
      }
      return;
    }
    try {
      storeReferralCode(values.referralCode);
      await signUp.mutateAsync({ email: values.email, password: values.password });
      onSignedUp(values.email);
    } catch (error) {
      const outcome = authErrorOutcome(error);
      toastError(outcome.message);
      if (outcome.switchToLogin) onModeChange('login');
    }
  };

  // What stops a link request is said under the field to fix, which takes the focus (and so is read out).
  const showProblem = (problem: RequestProblem) =>
    setError(problem.field, { type: 'request', message: problem.message }, { shouldFocus: true });

  const sendMagicLink = () => {
    const email = getValues('email').trim();
    const problem = magicLinkRequestProblem(email, solved);
    if (problem) return showProblem(problem);
    clearErrors();
    setMagicLinkSentTo(null);
    magicLink.mutate(email, {
      onSuccess: () => {
        toast({ title: AUTH_MESSAGES.magicLinkSent, variant: 'success' });
        setMagicLinkSentTo(email);
        // Another link needs another answer: the check is what slows scripted requests.
        refreshCheck();
      },
      onError: (error) => toastError(magicLinkRequestErrorMessage(error)),
    });
  };

  const sendPasswordReset = () => {
    const email = getValues('email').trim();
    const problem = passwordRecoveryRequestProblem(email);
    if (problem) return showProblem(problem);
    clearErrors();
    setMagicLinkSentTo(null);
    passwordReset.mutate(email, {
      onSuccess: () =>
        toast({
          title: AUTH_MESSAGES.recoveryEmailSent,
          description: AUTH_MESSAGES.recoveryEmailSentDescription,
          variant: 'success',
        }),
      onError: (error) => toastError(authRequestErrorMessage(error, AUTH_MESSAGES.recoveryEmailFailed)),
    });
  };

  const referral = register('referralCode');
  const isRegister = mode === 'register';

  return (
    // Each problem is said under its field (Amplify ties it with aria-describedby and aria-invalid) and the first one
    // takes the focus, so it is read out; toasts are kept for what the server answered (docs/decisions.md).
    <form onSubmit={handleSubmit(onValid)} noValidate aria-label={isRegister ? 'Cadastro' : 'Login'}>
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
        {isRegister && (
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
        )}
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
          <>
            <Divider label="ou" size="small" />
            <Button
              type="button"
              size="large"
              isFullWidth
              onClick={sendMagicLink}
              isDisabled={busy && !magicLink.isPending}
              isLoading={magicLink.isPending}
              loadingText="Enviando link..."
            >
              Entrar com Link Mágico
            </Button>
            {magicLinkSentTo && (
              <Alert variation="success" role="status" heading={AUTH_MESSAGES.magicLinkSent}>
                <Text as="span" fontSize="small" className="auth-email-text" fontWeight="semibold" display="block">
                  {magicLinkSentTo}
                </Text>
                <Text as="span" fontSize="small">
                  {AUTH_MESSAGES.magicLinkSentDescription}
                </Text>
              </Alert>
            )}
            <Button
              type="button"
              variation="link"
              size="small"
              alignSelf="center"
              onClick={sendPasswordReset}
              isDisabled={busy && !passwordReset.isPending}
              isLoading={passwordReset.isPending}
              loadingText="Enviando email..."
            >
              Esqueci minha senha
            </Button>
          </>
        )}
      </Flex>
    </form>
  );
}
