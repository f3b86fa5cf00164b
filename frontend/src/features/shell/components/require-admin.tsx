import { useEffect } from 'react';
import { Alert, Button, Flex, Heading } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { ADMIN_ACCESS_MESSAGES, SHELL_MESSAGES } from '@domain/messages.js';
import { SECOND_FACTOR_SETUP_PATH } from '@/lib/auth-claims';
import { sessionQueryKey, useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';
import { useAdminAccessRefusal } from '../lib/admin-access';

/**
 * Mounted under RequireAuth. The API enforces the same rule (group and second factor); this only spares users a dead
 * end: an admin without an authenticator app is sent to enrol one, and comes back here afterwards. An admin the API
 * refuses although their token still lists the group (removed from it: docs/decisions.md, "A demoted admin") sees the
 * API's reason instead of the back office, and a way back to their own area.
 */
export function RequireAdmin() {
  const session = useAuthSession();
  const location = useLocation();
  const refusal = useAdminAccessRefusal();
  if (refusal !== null) return <AccessRevoked message={refusal} />;
  if (session.data?.isAdmin) return <Outlet />;
  if (session.data?.needsSecondFactorSetup) {
    return <Navigate to={SECOND_FACTOR_SETUP_PATH} replace state={{ from: location }} />;
  }
  return <AccessDenied />;
}

function AccessDenied() {
  usePageTitle('Acesso Negado');
  // The spec's text is "title - explanation"; the alert keeps it whole so it reads exactly as written.
  const [title] = SHELL_MESSAGES.accessDenied.split(' - ');
  return (
    <Flex direction="column" gap="medium">
      <Heading level={1} fontSize="xxl">
        {title}
      </Heading>
      <Alert variation="error" role="alert">
        {SHELL_MESSAGES.accessDenied}
      </Alert>
    </Flex>
  );
}

function AccessRevoked({ message }: { message: string }) {
  usePageTitle('Acesso Negado');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // Nothing of the back office stays in memory once the screens that read it are gone (they unmount first).
  useEffect(() => {
    queryClient.removeQueries({ type: 'inactive', predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  }, [queryClient]);
  const [title] = message.split(' - ');
  return (
    <Flex direction="column" gap="medium" alignItems="flex-start">
      <Heading level={1} fontSize="xxl">
        {title}
      </Heading>
      <Alert variation="error" role="alert">
        {message}
      </Alert>
      <Button variation="primary" onClick={() => void navigate('/app/dashboard', { replace: true })}>
        {ADMIN_ACCESS_MESSAGES.backToDashboard}
      </Button>
    </Flex>
  );
}
