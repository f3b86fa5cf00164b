import { useState } from 'react';
import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { recheckSession } from '@/lib/auth-session';
import { runHealthCheck, useConnectivity, useHealthChecks } from '@/lib/connectivity';
import { checkApiHealth } from '@/lib/health-check';

/** Spec 01 §2: offline, or online with the API out of reach (with a way to try again). */
export function ConnectivityBanner() {
  const connectivity = useConnectivity();
  const queryClient = useQueryClient();
  const [reconnecting, setReconnecting] = useState(false);
  useHealthChecks(checkApiHealth);

  if (connectivity === 'online') return null;
  if (connectivity === 'offline') {
    return (
      <Alert variation="warning" borderRadius="0" role="status" className="connectivity-banner">
        {SHELL_MESSAGES.offline}
      </Alert>
    );
  }

  const reconnect = async () => {
    setReconnecting(true);
    try {
      // Spec 01 §2: 'Reconectar' refreshes the session. A refresh that fails for lack of network is
      // not a sign-out; an invalid session is, and the guard's re-check below takes care of it.
      await fetchAuthSession({ forceRefresh: true }).catch(() => undefined);
      await recheckSession(queryClient);
      if (await runHealthCheck(checkApiHealth)) {
        await queryClient.invalidateQueries({ predicate: (query) => query.state.status === 'error' });
      }
    } finally {
      setReconnecting(false);
    }
  };

  return (
    <Alert variation="error" borderRadius="0" role="status" className="connectivity-banner">
      <Flex alignItems="center" justifyContent="space-between" gap="small" wrap="wrap">
        <Text as="span">{SHELL_MESSAGES.backendUnreachable}</Text>
        <Button size="small" onClick={() => void reconnect()} isLoading={reconnecting} loadingText="Reconectando...">
          {SHELL_MESSAGES.reconnect}
        </Button>
      </Flex>
    </Alert>
  );
}
