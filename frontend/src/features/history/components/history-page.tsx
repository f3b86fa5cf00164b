import { Alert, Badge, Button, Card, Flex, Link, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '@domain/dates.js';
import { customerHistory, type HistoryKind } from '@domain/history.js';
import { HISTORY_MESSAGES } from '@domain/messages.js';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { ApiRequestError } from '@/lib/api-error';
import { endSession } from '@/lib/auth-session';
import { useCustomerCollection } from '@/lib/customer-collection';

const KIND_LABEL: Record<HistoryKind, { label: string; variation: 'info' | 'success' | 'warning' }> = {
  contract: { label: 'Contrato', variation: 'info' },
  payment: { label: 'Pagamento', variation: 'success' },
  process: { label: 'Processo', variation: 'warning' },
  court: { label: 'Tribunal', variation: 'info' },
};

/** /app/historico (spec 02 §2 History). */
export function HistoryPage() {
  const collection = useCustomerCollection();
  const queryClient = useQueryClient();

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={HISTORY_MESSAGES.title} subtitle={HISTORY_MESSAGES.subtitle} />
      {collection.isPending ? (
        <PageLoader label="Carregando seu histórico..." />
      ) : collection.isError && collection.error instanceof ApiRequestError && collection.error.status === 401 ? (
        <Alert variation="error" role="alert">
          <Flex direction="column" gap="small">
            <Text as="span">{HISTORY_MESSAGES.sessionExpired}</Text>
            <Button
              size="small"
              alignSelf="flex-start"
              onClick={() => void endSession(queryClient).catch(() => undefined)}
            >
              Entrar novamente
            </Button>
          </Flex>
        </Alert>
      ) : collection.isError ? (
        <LoadError message={HISTORY_MESSAGES.loadFailed} onRetry={() => void collection.refetch()} />
      ) : (
        <HistoryList entries={customerHistory(collection.data)} />
      )}
    </Flex>
  );
}

function HistoryList({ entries }: { entries: ReturnType<typeof customerHistory> }) {
  if (entries.length === 0) {
    return (
      <Card variation="outlined">
        <Text color="font.secondary">{HISTORY_MESSAGES.empty}</Text>
      </Card>
    );
  }
  return (
    <ol className="history-list" aria-label={HISTORY_MESSAGES.title}>
      {entries.map((entry) => (
        <li key={entry.id} className="history-item">
          <Card variation="outlined">
            <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
              <Flex direction="column" gap="xxxs">
                <Text fontWeight="bold">{entry.title}</Text>
                <Text color="font.secondary" fontSize="small">
                  {entry.description}
                </Text>
                {entry.link && (
                  <Link href={entry.link.href} isExternal fontSize="small">
                    {entry.link.label}
                  </Link>
                )}
              </Flex>
              <Flex className="history-item__meta">
                <Badge size="small" variation={KIND_LABEL[entry.kind].variation}>
                  {KIND_LABEL[entry.kind].label}
                </Badge>
                <Text as="time" dateTime={entry.at} fontSize="small" color="font.secondary">
                  {formatDateTime(entry.at)}
                </Text>
              </Flex>
            </Flex>
          </Card>
        </li>
      ))}
    </ol>
  );
}
