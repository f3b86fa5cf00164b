import { Alert, Flex, Heading } from '@aws-amplify/ui-react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { SECOND_FACTOR_SETUP_PATH } from '@/lib/auth-claims';
import { useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';

/**
 * Mounted under RequireAuth. The API enforces the same rule (group and second factor); this only spares users a dead
 * end: an admin without an authenticator app is sent to enrol one, and comes back here afterwards.
 */
export function RequireAdmin() {
  const session = useAuthSession();
  const location = useLocation();
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
