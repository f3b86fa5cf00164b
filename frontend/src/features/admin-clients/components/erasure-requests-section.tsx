import { useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { DATA_RIGHTS_MESSAGES as M, ERASURE_STATUS_LABELS } from '@domain/data-rights.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import type { AdminErasureRequest } from '@domain/schemas/data-rights.js';
import { LoadMoreButton } from '@/components/admin-list/load-more-button';
import { TextLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { apiErrorMessage } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useErasureRequests, useExecuteErasureRequest } from '../api/erasure-requests';

const BADGE: Record<AdminErasureRequest['status'], 'info' | 'warning' | 'success'> = {
  recebida: 'warning',
  retida: 'info',
  concluida: 'success',
};

/** /admin/clientes 'Solicitações de exclusão (LGPD)': every request with its status and what the law lets go today. */
export function ErasureRequestsSection() {
  const requests = useErasureRequests();
  let content;
  if (requests.isPending) content = <PageLoader label="Carregando solicitações de exclusão..." />;
  else if (requests.isError && !requests.data) {
    content = <LoadError message={M.adminLoadFailed} onRetry={() => void requests.refetch()} />;
  } else {
    const rows = requests.data.pages.flatMap((page) => page.requests);
    content =
      rows.length === 0 ? (
        <Text color="font.secondary">{M.adminEmpty}</Text>
      ) : (
        <>
          <ul className="erasure-requests" aria-label={M.adminTitle}>
            {rows.map((request) => (
              <li key={request.protocolo}>
                <ErasureRequestCard request={request} />
              </li>
            ))}
          </ul>
          <LoadMoreButton list={requests} />
        </>
      );
  }
  return (
    <Flex as="section" direction="column" gap="medium" aria-labelledby="erasure-requests-title">
      <Heading level={2} fontSize="large" id="erasure-requests-title">
        {M.adminTitle}
      </Heading>
      {content}
    </Flex>
  );
}

function ErasureRequestCard({ request }: { request: AdminErasureRequest }) {
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const execution = useExecuteErasureRequest();
  const open = request.status !== 'concluida';

  const execute = () => {
    setProblem(null);
    execution.mutate(request.protocolo, {
      onSuccess: ({ request: updated }) => {
        setConfirming(false);
        toast({ title: M.adminExecuted, description: ERASURE_STATUS_LABELS[updated.status], variant: 'success' });
      },
      onError: (error) => setProblem(apiErrorMessage(error, M.adminExecuteFailed)),
    });
  };

  return (
    <Card variation="outlined">
      <Flex direction="column" gap="small">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Flex direction="column" gap="0" className="client-name">
            <Text fontWeight="bold">{request.protocolo}</Text>
            {request.nome_completo ? (
              <TextLink to={`/admin/clientes/${request.profile_id}`}>{request.nome_completo}</TextLink>
            ) : (
              <Text color="font.secondary">Cliente excluído</Text>
            )}
            {request.email ? (
              <Text fontSize="small" color="font.secondary">
                {request.email}
              </Text>
            ) : null}
          </Flex>
          <Badge variation={BADGE[request.status]}>{ERASURE_STATUS_LABELS[request.status]}</Badge>
        </Flex>
        <Text fontSize="small" color="font.secondary">
          Pedida em {formatDateTime(request.created_at)}
          {request.concluida_em ? ` · concluída em ${formatDateTime(request.concluida_em)}` : ''}
        </Text>
        {request.guarda ? (
          <Text fontSize="small">
            {request.guarda.retida_ate
              ? `${M.retainedUntil} ${formatDate(request.guarda.retida_ate)}. ${request.guarda.motivos.join(' ')}`
              : M.noRetention}
          </Text>
        ) : null}
        {problem ? (
          <Alert variation="error" role="alert">
            {problem}
          </Alert>
        ) : null}
        {open && !confirming ? (
          <Button alignSelf="flex-start" size="small" onClick={() => setConfirming(true)}>
            {M.adminExecute}
          </Button>
        ) : null}
        {open && confirming ? (
          <Flex direction="column" gap="small">
            <Text fontSize="small">{M.adminExecuteConfirm}</Text>
            <Flex gap="small" wrap="wrap">
              <Button size="small" onClick={() => setConfirming(false)} isDisabled={execution.isPending}>
                Cancelar
              </Button>
              <Button
                size="small"
                variation="destructive"
                onClick={execute}
                isLoading={execution.isPending}
                loadingText="Executando..."
              >
                Confirmar
              </Button>
            </Flex>
          </Flex>
        ) : null}
      </Flex>
    </Card>
  );
}
