import { Badge, Card, Flex, Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { formatDateTime } from '@domain/dates.js';
import { formatBRL } from '@domain/pricing.js';
import { AdminTable } from '@/components/admin-list/admin-table';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { useOrphanPayments, useRefundOrphanPayment } from '../api/refunds';
import { RefundDialog } from '@/components/refund-dialog';

const COLUMNS = ['Pagamento no Asaas', 'Valor', 'Status', 'Recebido em', 'Ações'];

/**
 * 'Pagamentos sem cobrança': money Asaas received for no charge of ours (a deleted client's PIX, a charge made by hand
 * in Asaas's panel). A person finds out whose it is in Asaas's panel and sends it back here.
 */
export function OrphanPayments() {
  const orphans = useOrphanPayments();
  const refund = useRefundOrphanPayment();
  return (
    <Card variation="outlined" as="section" aria-labelledby="orphan-payments-title">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large" id="orphan-payments-title">
          Pagamentos sem cobrança
        </Heading>
        <Text color="font.secondary">
          Valores recebidos no Asaas que não correspondem a nenhuma cobrança do sistema. Identifique o pagador no painel
          do Asaas e estorne o valor.
        </Text>
        {orphans.isPending ? (
          <PageLoader label="Carregando pagamentos sem cobrança..." />
        ) : orphans.isError ? (
          <LoadError message="Erro ao carregar os pagamentos sem cobrança." onRetry={() => void orphans.refetch()} />
        ) : orphans.data.items.length === 0 ? (
          <Text>Nenhum pagamento sem cobrança.</Text>
        ) : (
          <AdminTable columns={COLUMNS} label="Pagamentos sem cobrança">
            {orphans.data.items.map((payment) => (
              <TableRow key={payment.asaasId}>
                <TableCell data-label="Pagamento no Asaas">
                  <Flex direction="column" gap="0">
                    <code>{payment.asaasId}</code>
                    {payment.asaasCustomer ? (
                      <Text fontSize="small" color="font.secondary">
                        Cliente Asaas {payment.asaasCustomer}
                      </Text>
                    ) : null}
                  </Flex>
                </TableCell>
                <TableCell data-label="Valor">
                  <span className="admin-table__money">{payment.value === null ? '—' : formatBRL(payment.value)}</span>
                </TableCell>
                <TableCell data-label="Status">
                  <Badge size="small" variation={isChargePaid(payment.status) ? 'success' : 'info'}>
                    {chargeStatusLabel(payment.status)}
                  </Badge>
                </TableCell>
                <TableCell data-label="Recebido em">{formatDateTime(payment.firstSeenAt)}</TableCell>
                <TableCell data-label="Ações" className="admin-table__actions">
                  <RefundDialog
                    label={`Estornar ${payment.asaasId}`}
                    description={`O valor de ${payment.value === null ? 'valor não informado' : formatBRL(payment.value)} será devolvido ao pagador pelo Asaas.`}
                    isDisabled={!isChargePaid(payment.status)}
                    refund={(motivo) => refund.mutateAsync({ asaasId: payment.asaasId, motivo })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </AdminTable>
        )}
      </Flex>
    </Card>
  );
}
