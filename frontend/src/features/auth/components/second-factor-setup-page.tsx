import { useEffect, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, Image, Text, View } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { API_MESSAGES, SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { BrandMark } from '@/components/brand-mark';
import { TextLink } from '@/components/links';
import { PageLoader } from '@/components/page-loader';
import { DEFAULT_AFTER_LOGIN, type SessionUser } from '@/lib/auth-claims';
import { endSession, useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';
import { toast, toastError } from '@/lib/toast';
import {
  useAuthenticatorSetup,
  useEnableAuthenticator,
  useRefreshSecondFactorSession,
  type AuthenticatorSetup,
} from '../api/second-factor';
import { enrolmentErrorMessage } from '../lib/auth-errors';
import { AuthenticatorCodeField, useAuthenticatorCode } from './authenticator-code-field';

const ADMIN_HOME = '/admin';

/** Where to go once enrolled: the admin page the user was sent from (with its query), or the back office. */
function adminTargetFrom(state: unknown): string {
  const from = (state as { from?: { pathname?: unknown; search?: unknown } } | null)?.from;
  if (typeof from?.pathname !== 'string' || !from.pathname.startsWith('/admin/')) return ADMIN_HOME;
  return `${from.pathname}${typeof from.search === 'string' ? from.search : ''}`;
}

/**
 * /admin/duas-etapas: an admin's first visit to the back office enrols an authenticator app (TOTP). Customers never
 * get here; an admin who already has one goes straight on.
 */
export function SecondFactorSetupPage() {
  const session = useAuthSession();
  const location = useLocation();
  usePageTitle(SECOND_FACTOR_MESSAGES.setupTitle);
  const user = session.data;
  if (!user) return <PageLoader />;
  if (user.isAdmin) return <Navigate to={adminTargetFrom(location.state)} replace />;
  if (!user.needsSecondFactorSetup) return <Navigate to={DEFAULT_AFTER_LOGIN} replace />;
  return <SecondFactorSetup user={user} target={adminTargetFrom(location.state)} />;
}

function SecondFactorSetup({ user, target }: { user: SessionUser; target: string }) {
  const setup = useAuthenticatorSetup(user.userId, user.email);
  if (setup.isPending) {
    return (
      <SetupCard>
        <PageLoader />
      </SetupCard>
    );
  }
  if (setup.isError) {
    return (
      <SetupCard>
        <Flex direction="column" gap="medium">
          <Alert variation="error" role="alert">
            {SECOND_FACTOR_MESSAGES.setupLoadFailed}
          </Alert>
          <Button onClick={() => void setup.refetch()}>Tentar novamente</Button>
        </Flex>
      </SetupCard>
    );
  }
  if (setup.data.kind === 'enrolled') return <AlreadyEnrolled />;
  return (
    <SetupCard>
      <EnrolmentForm setup={setup.data} target={target} />
    </SetupCard>
  );
}

/**
 * The id token predates an enrolment (made elsewhere): fresh tokens carry the claim, and the page moves on. A session
 * the enrolment revoked cannot be refreshed; the admin then signs in again, with the app's code.
 */
function AlreadyEnrolled() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutate: refresh, isError, isSuccess } = useRefreshSecondFactorSession();
  useEffect(() => refresh(), [refresh]);
  // Still here after a successful refresh: the new token has no second-factor claim either, so sign in again.
  if (!isError && !isSuccess) {
    return (
      <SetupCard>
        <PageLoader />
      </SetupCard>
    );
  }
  return (
    <SetupCard>
      <Flex direction="column" gap="medium">
        <Alert variation="warning" role="alert">
          {API_MESSAGES.unauthorized}
        </Alert>
        <Button
          variation="primary"
          onClick={() => void endSession(queryClient, () => void navigate('/auth', { replace: true }))}
        >
          Entrar novamente
        </Button>
      </Flex>
    </SetupCard>
  );
}

function SetupCard({ children }: { children: React.ReactNode }) {
  return (
    <View as="main" className="auth-screen">
      <Card className="auth-card second-factor-card" variation="elevated">
        <Flex direction="column" gap="large">
          <Flex justifyContent="center">
            <BrandMark />
          </Flex>
          <Flex direction="column" gap="xs" textAlign="center">
            <Heading level={1} fontSize="xl">
              {SECOND_FACTOR_MESSAGES.setupTitle}
            </Heading>
            <Text color="font.secondary">{SECOND_FACTOR_MESSAGES.setupDescription}</Text>
          </Flex>
          {children}
          <Flex justifyContent="center">
            <TextLink to={DEFAULT_AFTER_LOGIN}>{SECOND_FACTOR_MESSAGES.setupLater}</TextLink>
          </Flex>
        </Flex>
      </Card>
    </View>
  );
}

function EnrolmentForm({ setup, target }: { setup: Extract<AuthenticatorSetup, { kind: 'new' }>; target: string }) {
  const navigate = useNavigate();
  const enable = useEnableAuthenticator();
  const authenticatorCode = useAuthenticatorCode();

  const copyKey = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: SECOND_FACTOR_MESSAGES.setupKeyCopied, variant: 'success' });
    } catch {
      toastError(SECOND_FACTOR_MESSAGES.setupKeyCopyFailed);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = authenticatorCode.take();
    if (!code) return;
    // Every session ends with the enrolment: the login form comes next, then the page the admin was going to.
    const beforeSessionCleared = () => {
      toast({
        title: SECOND_FACTOR_MESSAGES.setupDoneTitle,
        description: SECOND_FACTOR_MESSAGES.setupDoneDescription,
        variant: 'success',
      });
      void navigate('/auth', { replace: true, state: { from: { pathname: target } } });
    };
    enable.mutate(
      { code, beforeSessionCleared },
      {
        onError: (error) => authenticatorCode.reject(enrolmentErrorMessage(error)),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={SECOND_FACTOR_MESSAGES.setupTitle}>
      <Flex direction="column" gap="medium">
        <Text as="h2" fontWeight="semibold" fontSize="medium">
          {SECOND_FACTOR_MESSAGES.setupScan}
        </Text>
        <Flex justifyContent="center">
          <Image
            src={setup.qrCodeDataUrl}
            alt={SECOND_FACTOR_MESSAGES.qrAlt}
            width="14rem"
            height="14rem"
            className="second-factor-qr"
          />
        </Flex>
        <Text fontSize="small" color="font.secondary">
          {SECOND_FACTOR_MESSAGES.setupManual}
        </Text>
        <Flex gap="small" alignItems="center" wrap="wrap">
          <code className="second-factor-key" data-testid="authenticator-key">
            {setup.secret.match(/.{1,4}/g)?.join(' ')}
          </code>
          <Button size="small" onClick={() => void copyKey(setup.secret)}>
            {SECOND_FACTOR_MESSAGES.setupCopyKey}
          </Button>
        </Flex>
        <Text as="h2" fontWeight="semibold" fontSize="medium">
          {SECOND_FACTOR_MESSAGES.setupEnterCode}
        </Text>
        <AuthenticatorCodeField {...authenticatorCode.fieldProps} />
        <Button
          type="submit"
          variation="primary"
          size="large"
          isFullWidth
          isLoading={enable.isPending}
          loadingText={SECOND_FACTOR_MESSAGES.setupSubmitting}
        >
          {SECOND_FACTOR_MESSAGES.setupSubmit}
        </Button>
      </Flex>
    </form>
  );
}
