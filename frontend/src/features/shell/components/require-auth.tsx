import { Alert, Button, Flex, Heading } from '@aws-amplify/ui-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { PageLoader } from '@/components/page-loader';
import { useAuthSession, useSessionAutoRefresh, useSessionChecks } from '@/lib/auth-session';

/**
 * Sends signed-out users to /auth, carrying where they were going in `state.from`. The session is
 * re-checked on the events of spec 01 §9 and refreshed ahead of its expiry; a session that cannot be
 * recovered counts as signed out.
 */
export function RequireAuth() {
  const location = useLocation();
  const session = useAuthSession();
  useSessionChecks();
  useSessionAutoRefresh();
  if (session.data) return <Outlet />;
  if (session.isPending || (session.isError && session.isFetching)) {
    return <PageLoader label="Verificando sua sessão..." />;
  }
  // The session could not be read for a reason other than being invalid (no connection, no answer).
  if (session.isError) return <SessionCheckFailed onRetry={() => void session.refetch()} />;
  return <Navigate to="/auth" replace state={{ from: location }} />;
}

function SessionCheckFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Flex as="main" direction="column" alignItems="center" justifyContent="center" minHeight="60vh" padding="large">
      <Flex direction="column" gap="medium" maxWidth="28rem">
        <Heading level={1} fontSize="xl">
          {SHELL_MESSAGES.sessionCheckFailedTitle}
        </Heading>
        <Alert variation="warning" role="alert">
          {SHELL_MESSAGES.sessionCheckFailed}
        </Alert>
        <Button variation="primary" alignSelf="flex-start" onClick={onRetry}>
          {SHELL_MESSAGES.tryAgain}
        </Button>
      </Flex>
    </Flex>
  );
}
