import { Alert, Button, Flex, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { fetchAuthSession } from 'aws-amplify/auth';
import { SHELL_MESSAGES } from '@domain/messages.js';
import { reportBackendReachable, useConnectivity } from '@/lib/connectivity';

export function ConnectivityBanner() {
  const connectivity = useConnectivity();
  const queryClient = useQueryClient();

  if (connectivity === 'online') return null;
  if (connectivity === 'offline') {
    return (
      <Alert variation="warning" borderRadius="0" role="status">
        {SHELL_MESSAGES.offline}
      </Alert>
    );
  }

  const reconnect = async () => {
    // Spec 01 §2: 'Reconectar' refreshes the session; the failed reads then run again.
    await fetchAuthSession({ forceRefresh: true }).catch(() => undefined);
    reportBackendReachable(true);
    await queryClient.invalidateQueries();
  };

  return (
    <Alert variation="error" borderRadius="0" role="status">
      <Flex alignItems="center" justifyContent="space-between" gap="small" wrap="wrap">
        <Text as="span">{SHELL_MESSAGES.backendUnreachable}</Text>
        <Button size="small" onClick={() => void reconnect()}>
          {SHELL_MESSAGES.reconnect}
        </Button>
      </Flex>
    </Alert>
  );
}
