import { useState } from 'react';
import { Alert, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { DATA_RIGHTS_MESSAGES as M, ERASURE_STATUS_DESCRIPTIONS, ERASURE_STATUS_LABELS } from '@domain/data-rights.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import type { ErasureRequest } from '@domain/schemas/data-rights.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { apiErrorMessage } from '@/lib/api-error';
import { downloadFile } from '@/lib/download';
import { toast } from '@/lib/toast';
import { fetchMyData, useMyErasureRequest, useRequestErasure } from '../api/data-rights';
import { dataExportFileName as fileName, renderDataExportHtml } from '../lib/data-export-html';

/**
 * /app/perfil 'Meus dados' (LGPD art. 18): a copy of everything held about the customer, as JSON (portability) and as
 * a page to read, and the erasure request with its protocol. Shown once the profile exists: before it, the account
 * holds only the e-mail.
 */
export function MyDataSection() {
  return (
    <Card variation="outlined" className="my-data" as="section" aria-labelledby="my-data-title">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large" id="my-data-title">
          {M.sectionTitle}
        </Heading>
        <Text color="font.secondary">{M.sectionIntro}</Text>
        <DataExportButtons />
        <ErasureRequestPanel />
      </Flex>
    </Card>
  );
}

function DataExportButtons() {
  const [busy, setBusy] = useState<'json' | 'html' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const download = async (kind: 'json' | 'html') => {
    setBusy(kind);
    setProblem(null);
    try {
      const data = await fetchMyData();
      if (kind === 'json') {
        downloadFile(fileName(data, 'json'), `${JSON.stringify(data, null, 2)}\n`, 'application/json');
      } else {
        downloadFile(fileName(data, 'html'), renderDataExportHtml(data), 'text/html');
      }
      toast({ title: M.exportReady, variant: 'success' });
    } catch (error) {
      setProblem(apiErrorMessage(error, M.exportFailed));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Flex direction="column" gap="small">
      <Flex gap="small" wrap="wrap">
        <Button
          variation="primary"
          onClick={() => void download('json')}
          isLoading={busy === 'json'}
          loadingText="Gerando..."
          isDisabled={busy !== null}
        >
          {M.exportButton}
        </Button>
        <Button
          onClick={() => void download('html')}
          isLoading={busy === 'html'}
          loadingText="Gerando..."
          isDisabled={busy !== null}
        >
          {M.exportReadableButton}
        </Button>
      </Flex>
      <Text fontSize="small" color="font.secondary">
        {M.exportHint}
      </Text>
      {problem ? (
        <Alert variation="error" role="alert">
          {problem}
        </Alert>
      ) : null}
    </Flex>
  );
}

function ErasureRequestPanel() {
  const current = useMyErasureRequest(true);
  if (current.isPending) return <Loader ariaLabel="Carregando solicitação de exclusão..." />;
  if (current.isError) {
    return (
      <Alert variation="error" role="alert">
        {M.erasureFailed}
      </Alert>
    );
  }
  return current.data.request ? <ErasureRequestStatus request={current.data.request} /> : <RequestErasureDialog />;
}

function ErasureRequestStatus({ request }: { request: ErasureRequest }) {
  return (
    <Alert variation="info" heading={`${M.erasureProtocolLabel}: ${request.protocolo}`} role="status">
      <Flex direction="column" gap="xxs">
        <Text>
          {ERASURE_STATUS_LABELS[request.status]} em {formatDateTime(request.updated_at)}.{' '}
          {ERASURE_STATUS_DESCRIPTIONS[request.status]}
        </Text>
        {request.retida_ate ? (
          <Text>
            {M.retainedUntil}: {formatDate(request.retida_ate)}.
          </Text>
        ) : null}
      </Flex>
    </Alert>
  );
}

/** 'Solicitar exclusão' and its confirmation. */
function RequestErasureDialog() {
  const dialog = useAppDialog();
  const erasure = useRequestErasure();

  const confirm = () => {
    dialog.setProblem(null);
    erasure.mutate(undefined, {
      onSuccess: ({ request }) => {
        dialog.hide();
        toast({
          title: M.erasureRecorded,
          description: `${M.erasureProtocolLabel}: ${request.protocolo}`,
          variant: 'success',
        });
      },
      onError: (error) => dialog.setProblem(apiErrorMessage(error, M.erasureFailed)),
    });
  };

  return (
    <Flex direction="column" gap="small" alignItems="flex-start">
      <Button variation="destructive" onClick={dialog.show}>
        {M.erasureButton}
      </Button>
      <AppDialog
        {...dialog.props}
        busy={erasure.isPending}
        title={M.erasureDialogTitle}
        description={<Text color="font.secondary">{M.erasureDialogBody}</Text>}
        cancelLabel={M.erasureCancel}
        confirmLabel={M.erasureConfirm}
        confirmLoadingText="Registrando..."
        confirmVariation="destructive"
        onConfirm={confirm}
      />
    </Flex>
  );
}
