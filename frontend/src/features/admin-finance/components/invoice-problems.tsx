import { Badge, Button, Card, Flex, Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { AdminInvoiceRow } from '@domain/api/admin-invoices.js';
import { formatDateTime } from '@domain/dates.js';
import { INVOICE_MESSAGES, invoiceStatusLabel } from '@domain/invoice.js';
import { formatBRL } from '@domain/pricing.js';
import { AdminTable } from '@/components/admin-list/admin-table';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { toast, toastApiError } from '@/lib/toast';
import { useInvoiceProblems, useRetryInvoice } from '../api/invoices';

const COLUMNS = ['Protocolo', 'Valor', 'Situação', 'Motivo', 'Desde', 'Ações'];

/**
 * 'Notas fiscais com problema': a nota the prefeitura refused or would not cancel, or one Asaas could not be asked for.
 * The admin fixes the cause in Asaas's panel (fiscal information, municipal service) and retries here.
 */
export function InvoiceProblems() {
  const problems = useInvoiceProblems();
  return (
    <Card variation="outlined" as="section" aria-labelledby="invoice-problems-title">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large" id="invoice-problems-title">
          Notas fiscais com problema
        </Heading>
        <Text color="font.secondary">
          Notas que a prefeitura recusou ou não cancelou, ou que o Asaas não recebeu. Corrija a causa no painel do Asaas
          (informações fiscais, serviço municipal) e clique em Tentar novamente.
        </Text>
        {problems.isPending ? (
          <PageLoader label="Carregando notas fiscais..." />
        ) : problems.isError ? (
          <LoadError message="Erro ao carregar as notas fiscais." onRetry={() => void problems.refetch()} />
        ) : problems.data.items.length === 0 ? (
          <Text>Nenhuma nota fiscal com problema.</Text>
        ) : (
          <AdminTable columns={COLUMNS} label="Notas fiscais com problema">
            {problems.data.items.map((invoice) => (
              <InvoiceProblemRow key={invoice.charge_id} invoice={invoice} />
            ))}
          </AdminTable>
        )}
      </Flex>
    </Card>
  );
}

function InvoiceProblemRow({ invoice }: { invoice: AdminInvoiceRow }) {
  const retry = useRetryInvoice();
  const cancelling = Boolean(invoice.cancelamento_pedido_em);
  const situation = invoice.falha
    ? cancelling
      ? 'Cancelamento não enviado'
      : 'Não enviada ao Asaas'
    : invoiceStatusLabel(invoice.status, 'admin');
  const onRetry = async () => {
    try {
      const { invoice: after } = await retry.mutateAsync({
        userId: invoice.user_id,
        contractId: invoice.contrato_id,
        chargeId: invoice.charge_id,
      });
      toast({
        title: INVOICE_MESSAGES.retried,
        description: after.falha ?? invoiceStatusLabel(after.status, 'admin'),
        variant: after.falha ? 'error' : 'success',
      });
    } catch (error) {
      toastApiError(error, INVOICE_MESSAGES.retryUnavailable);
    }
  };
  return (
    <TableRow>
      <TableCell data-label="Protocolo">{invoice.protocolo ?? '—'}</TableCell>
      <TableCell data-label="Valor">
        <span className="admin-table__money">{invoice.valor == null ? '—' : formatBRL(invoice.valor)}</span>
      </TableCell>
      <TableCell data-label="Situação">
        <Badge size="small" variation="error">
          {situation}
        </Badge>
      </TableCell>
      <TableCell data-label="Motivo">
        <Text fontSize="small">{invoice.falha ?? invoice.status_description ?? '—'}</Text>
      </TableCell>
      <TableCell data-label="Desde">{formatDateTime(invoice.updated_at)}</TableCell>
      <TableCell data-label="Ações" className="admin-table__actions">
        <Button size="small" isLoading={retry.isPending} loadingText="Enviando..." onClick={() => void onRetry()}>
          Tentar novamente
        </Button>
      </TableCell>
    </TableRow>
  );
}
