import { Alert, Flex, Heading } from '@aws-amplify/ui-react';
import { Outlet } from 'react-router';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { useAuthSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';

/** Mounted under RequireAuth. The API enforces the same group; this only spares users a dead end. */
export function RequireAdmin() {
  const session = useAuthSession();
  if (session.data?.isAdmin) return <Outlet />;
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
