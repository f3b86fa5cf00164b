import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Card, Flex, Heading, Image, Text, View } from '@aws-amplify/ui-react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { TOTP_CODE_PATTERN } from '@domain/auth.js';
import { SECOND_FACTOR_MESSAGES } from '@domain/messages.js';
import { BrandMark } from '@/components/brand-mark';
import { TextLink } from '@/components/links';
import { PageLoader } from '@/components/page-loader';
import { DEFAULT_AFTER_LOGIN, type SessionUser } from '@/lib/auth-claims';
import { useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';
import { toast, toastError } from '@/lib/toast';
import { useAuthenticatorSetup, useEnableAuthenticator } from '../api/second-factor';
import { authenticatorCodeOutcome } from '../lib/auth-errors';
import { AuthenticatorCodeField } from './authenticator-code-field';

const ADMIN_HOME = '/admin';

/** Where to go once enrolled: the admin page the user was sent from, or the back office's first page. */
function adminTargetFrom(state: unknown): string {
  const pathname = (state as { from?: { pathname?: unknown } } | null)?.from?.pathname;
  return typeof pathname === 'string' && pathname.startsWith('/admin/') ? pathname : ADMIN_HOME;
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
  const navigate = useNavigate();
  const setup = useAuthenticatorSetup(user.userId, user.email);
  const enable = useEnableAuthenticator();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const field = useRef<HTMLInputElement>(null);
  const ready = Boolean(setup.data);
  useEffect(() => {
    if (ready) field.current?.focus();
  }, [ready]);

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
    if (!TOTP_CODE_PATTERN.test(code)) {
      setInvalid(true);
      toastError(SECOND_FACTOR_MESSAGES.codeRequired);
      field.current?.focus();
      return;
    }
    enable.mutate(code, {
      onSuccess: () => {
        toast({
          title: SECOND_FACTOR_MESSAGES.setupDoneTitle,
          description: SECOND_FACTOR_MESSAGES.setupDoneDescription,
          variant: 'success',
        });
        void navigate(target, { replace: true });
      },
      onError: (error) => {
        toastError(authenticatorCodeOutcome(error).message);
        setInvalid(true);
        setCode('');
        field.current?.focus();
      },
    });
  };

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
          {setup.isPending ? (
            <PageLoader />
          ) : setup.isError ? (
            <Flex direction="column" gap="medium">
              <Alert variation="error" role="alert">
                {SECOND_FACTOR_MESSAGES.setupLoadFailed}
              </Alert>
              <Button onClick={() => void setup.refetch()}>Tentar novamente</Button>
            </Flex>
          ) : (
            <form onSubmit={submit} noValidate aria-label={SECOND_FACTOR_MESSAGES.setupTitle}>
              <Flex direction="column" gap="medium">
                <Text as="h2" fontWeight="semibold" fontSize="medium">
                  {SECOND_FACTOR_MESSAGES.setupScan}
                </Text>
                <Flex justifyContent="center">
                  <Image
                    src={setup.data.qrCodeDataUrl}
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
                    {setup.data.secret.match(/.{1,4}/g)?.join(' ')}
                  </code>
                  <Button size="small" onClick={() => void copyKey(setup.data.secret)}>
                    {SECOND_FACTOR_MESSAGES.setupCopyKey}
                  </Button>
                </Flex>
                <Text as="h2" fontWeight="semibold" fontSize="medium">
                  {SECOND_FACTOR_MESSAGES.setupEnterCode}
                </Text>
                <AuthenticatorCodeField
                  ref={field}
                  value={code}
                  hasError={invalid}
                  onChange={(next) => {
                    setCode(next);
                    setInvalid(false);
                  }}
                />
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
          )}
          <Flex justifyContent="center">
            <TextLink to={DEFAULT_AFTER_LOGIN}>{SECOND_FACTOR_MESSAGES.setupLater}</TextLink>
          </Flex>
        </Flex>
      </Card>
    </View>
  );
}
