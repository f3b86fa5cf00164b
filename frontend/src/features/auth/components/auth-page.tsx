import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Link, Loader, Text, View } from '@aws-amplify/ui-react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { parseAuthActionLink } from '@domain/auth-links.js';
import { AUTH_MESSAGES, SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { referralCodesFromLink } from '@domain/referral-code.js';
import { BrandMark } from '@/components/brand-mark';
import { TextLink } from '@/components/links';
import { PageLoader } from '@/components/page-loader';
import { landingFor, redirectTargetFrom, SECOND_FACTOR_SETUP_PATH } from '@/lib/auth-claims';
import { useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';
import { captureReferralParams, storedReferralCode } from '@/lib/referral-storage';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { toast, toastError } from '@/lib/toast';
import { useConfirmSignUp } from '../api/confirm-sign-up';
import type { AuthMode } from '../lib/auth-form-schema';
import { AuthForm } from './auth-form';
import { AuthenticatorCodeForm } from './authenticator-code-form';
import { CheckEmailPanel } from './check-email-panel';
import { RecoveryForm } from './recovery-form';

export function AuthPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const session = useAuthSession();
  const mode: AuthMode = searchParams.get('mode') === 'register' ? 'register' : 'login';
  const link = useMemo(() => parseAuthActionLink(location.hash), [location.hash]);
  const target = redirectTargetFrom(location.state);
  const recovery = link?.action === 'redefinir' ? link : null;
  // The e-mail of a finished or cancelled recovery, for the login form that follows it.
  const [prefillEmail, setPrefillEmail] = useState('');
  // An admin whose password was right, while Cognito waits for their authenticator code.
  const [codeStepFor, setCodeStepFor] = useState<string | null>(null);
  // The address a new account's confirmation link went to, while 'Confira seu e-mail' shows it.
  const [signedUpAs, setSignedUpAs] = useState<string | null>(null);
  // 'E-mail errado?': the sign-up form opens again with the address in focus, to correct it.
  const [correctingEmail, setCorrectingEmail] = useState(false);
  // The button pressed is gone once 'Confira seu e-mail' shows: the focus goes to its heading, which is read out.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (signedUpAs !== null) headingRef.current?.focus();
  }, [signedUpAs]);
  usePageTitle(
    recovery
      ? 'Nova senha'
      : signedUpAs !== null
        ? AUTH_MESSAGES.checkEmailTitle
        : mode === 'register'
          ? 'Cadastro'
          : 'Entrar',
  );

  useEffect(() => captureReferralParams(searchParams), [searchParams]);

  const setMode = (next: AuthMode) =>
    setSearchParams(
      (params) => {
        if (next === 'register') params.set('mode', 'register');
        else params.delete('mode');
        return params;
      },
      // Keeps `state.from`, so a user who toggles modes still lands where they were going.
      { replace: true, state: location.state },
    );

  // A reload must not replay a spent code, and the code should not linger in the history. The link's
  // fragment goes, and so does `mode`: what follows a link is the login form.
  const { pathname, search } = location;
  const clearLinkParams = useCallback(() => {
    const params = new URLSearchParams(search);
    params.delete('mode');
    const query = params.toString();
    void navigate({ pathname, search: query ? `?${query}` : '', hash: '' }, { replace: true });
  }, [navigate, pathname, search]);

  // Spec 01 §8: entering recovery mode is announced once per link.
  const announcedRecovery = useRef<string | null>(null);
  useEffect(() => {
    if (!recovery || announcedRecovery.current === recovery.code) return;
    announcedRecovery.current = recovery.code;
    toast({ title: AUTH_MESSAGES.recoveryEvent, description: AUTH_MESSAGES.recoveryEventDescription });
  }, [recovery]);

  const finishRecovery = (email: string) => {
    setPrefillEmail(email);
    clearLinkParams();
  };

  const { mutate: confirmSignUp, isPending: confirming } = useConfirmSignUp();
  // Guards against React's double-run of effects in development, which would spend the code twice.
  const confirmedCode = useRef<string | null>(null);
  useEffect(() => {
    if (link?.action !== 'confirmar' || confirmedCode.current === link.code) return;
    confirmedCode.current = link.code;
    confirmSignUp(
      { email: link.email, code: link.code },
      {
        onSuccess: () =>
          toast({
            title: AUTH_MESSAGES.emailConfirmedTitle,
            description: AUTH_MESSAGES.emailConfirmedDescription,
            variant: 'success',
          }),
        onError: () => toastError(AUTH_MESSAGES.confirmationFailed),
        // The e-mail stays in the form.
        onSettled: () => {
          setPrefillEmail(link.email);
          clearLinkParams();
        },
      },
    );
  }, [link, confirmSignUp, clearLinkParams]);

  if (session.isPending) return <PageLoader />;
  // Covers both an already signed-in visitor and a fresh login (useSignIn stores the session).
  // A recovery link still opens its form: the password can be changed from any state.
  // An admin without an authenticator app enrols one first (the back office asks for it anyway).
  if (session.data && !recovery) {
    if (session.data.needsSecondFactorSetup) {
      return <Navigate to={SECOND_FACTOR_SETUP_PATH} replace state={{ from: { pathname: target } }} />;
    }
    return <Navigate to={landingFor(session.data, target)} replace />;
  }
  const codeStep = codeStepFor !== null && !recovery;
  const checkEmail = signedUpAs !== null && !recovery && !codeStep;

  const isRegister = mode === 'register';
  // Only a well-formed code from the link; the field then holds what sign-up stores.
  const initialReferralCode = referralCodesFromLink(searchParams).ref ?? storedReferralCode();
  const { inboxUrl } = getRuntimeConfig();

  return (
    <View as="main" className="auth-screen">
      <Card className="auth-card" variation="elevated">
        <Flex direction="column" gap="large">
          <Flex direction="column" alignItems="center" gap="xs" textAlign="center">
            <BrandMark />
            <Text color="font.secondary">{AUTH_MESSAGES.subtitle}</Text>
          </Flex>
          <Flex direction="column" alignItems="center" gap="xxs" textAlign="center">
            <Heading level={1} fontSize="xl" ref={headingRef} tabIndex={-1}>
              {recovery
                ? 'Crie uma nova senha'
                : codeStep
                  ? SECOND_FACTOR_MESSAGES.setupTitle
                  : checkEmail
                    ? AUTH_MESSAGES.checkEmailTitle
                    : isRegister
                      ? 'Crie sua conta'
                      : 'Acesse sua conta'}
            </Heading>
            {recovery && (
              <Text color="font.secondary" className="auth-email-text">
                {recovery.email}
              </Text>
            )}
          </Flex>
          {confirming && (
            <Alert variation="info" hasIcon={false}>
              <Flex alignItems="center" gap="small">
                <Loader aria-hidden="true" />
                <Text as="span">Confirmando seu cadastro...</Text>
              </Flex>
            </Alert>
          )}
          {recovery ? (
            <RecoveryForm email={recovery.email} code={recovery.code} onDone={finishRecovery} />
          ) : codeStep ? (
            <AuthenticatorCodeForm
              email={codeStepFor}
              onRestart={() => {
                setPrefillEmail(codeStepFor);
                setCodeStepFor(null);
              }}
            />
          ) : checkEmail ? (
            <CheckEmailPanel
              email={signedUpAs}
              onWrongEmail={() => {
                setPrefillEmail(signedUpAs);
                setCorrectingEmail(true);
                setSignedUpAs(null);
              }}
              onLogin={() => {
                setPrefillEmail(signedUpAs);
                setCorrectingEmail(false);
                setSignedUpAs(null);
                setMode('login');
              }}
            />
          ) : (
            <AuthForm
              mode={mode}
              initialEmail={link?.email ?? prefillEmail}
              initialReferralCode={initialReferralCode}
              focusEmail={correctingEmail}
              onModeChange={setMode}
              onAuthenticatorCode={setCodeStepFor}
              onSignedUp={(email) => {
                setCorrectingEmail(false);
                setSignedUpAs(email);
              }}
            />
          )}
          <Flex direction="column" alignItems="center" gap="small">
            {!recovery && !codeStep && !checkEmail && (
              <Button variation="link" size="small" onClick={() => setMode(isRegister ? 'login' : 'register')}>
                {isRegister ? 'Já tem uma conta? Faça login' : 'Não tem uma conta? Cadastre-se'}
              </Button>
            )}
            <TextLink to="/">Voltar ao Início</TextLink>
            {inboxUrl && (
              <Link href={inboxUrl} target="_blank" rel="noreferrer" fontSize="small">
                Caixa de e-mails de teste
              </Link>
            )}
          </Flex>
        </Flex>
      </Card>
    </View>
  );
}
