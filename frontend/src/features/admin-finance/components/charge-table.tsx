import { Badge, Button, Flex, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { AdminChargeRow } from '@domain/api/admin-finance.js';
import { canAdminMarkPaid, chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { MANUAL_PAYMENT_BADGE, PAYMENT_METHOD_LABELS } from '@domain/payment-methods.js';
import { formatDateTime } from '@domain/dates.js';
import { ADMIN_PROCESS_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import { AdminTable, ClientCell, ProtocolCell } from '@/components/admin-list/admin-table';
import { failureWithReason } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import { useMarkChargePaid, useVerifyCharge } from '../api/admin-finance';
import { useRefundCharge } from '@/lib/charge-refunds';
import { RefundDialog } from '@/components/refund-dialog';
import { MarkPaidDialog } from './mark-paid-dialog';

// 'Movimentação': the charge's last status change, the date the period filters on.
const COLUMNS = ['Protocolo', 'Cliente', 'Valor', 'Status', 'Movimentação', 'Ações'];

/** The charges with 'Marcar pago' and 'Verificar' on each row. */
export function ChargeTable({ rows }: { rows: AdminChargeRow[] }) {
  return (
    <AdminTable columns={COLUMNS} label="Cobranças">
      {rows.map((row) => (
        <ChargeRow key={row.id} row={row} />
      ))}
    </AdminTable>
  );
}

function ChargeRow({ row }: { row: AdminChargeRow }) {
  const markPaid = useMarkChargePaid();
  const verify = useVerifyCharge();
  const refund = useRefundCharge();
  const ref = { userId: row.user_id, contractId: row.contrato_id, chargeId: row.id };
  const protocol = row.protocolo ?? '—';
  const busy = markPaid.isPending || verify.isPending;
  return (
    <TableRow>
      <ProtocolCell protocol={protocol} profileId={row.profile_id} />
      <ClientCell name={row.nome_cliente} email={row.email_cliente} profileId={row.profile_id}>
        {row.whatsapp_cliente ? (
          <Text fontSize="small" color="font.secondary">
            {row.whatsapp_cliente}
          </Text>
        ) : null}
      </ClientCell>
      <TableCell data-label="Valor">
        <span className="admin-table__money">{row.valor === null ? '—' : formatBRL(row.valor)}</span>
      </TableCell>
      <TableCell data-label="Status">
        <Flex direction="column" gap="xxs" alignItems="flex-start">
          <Badge
            size="small"
            variation={isChargePaid(row.status) ? 'success' : row.status === 'PENDING' ? 'warning' : 'info'}
          >
            {chargeStatusLabel(row.status)}
          </Badge>
          {row.paid_at ? (
            <Text fontSize="small" color="font.secondary">
              Pago em {formatDateTime(row.paid_at)} · {PAYMENT_METHOD_LABELS[row.metodo]}
            </Text>
          ) : null}
          {row.asaas_id ? (
            <Text fontSize="small" color="font.secondary" className="admin-table__asaas-id">
              Asaas{' '}
              {row.link ? (
                <a href={row.link} target="_blank" rel="noreferrer">
                  {row.asaas_id}
                </a>
              ) : (
                row.asaas_id
              )}
            </Text>
          ) : null}
          {row.metodo === 'manual' ? (
            <Badge size="small" variation="info">
              {MANUAL_PAYMENT_BADGE}
            </Badge>
          ) : null}
          {row.contrato_cancelado_em ? (
            <Badge size="small" variation="info">
              {WITHDRAWAL_MESSAGES.contractCancelledBadge}
            </Badge>
          ) : null}
          {row.manual_refund ? (
            <Badge size="small" variation="info">
              {WITHDRAWAL_MESSAGES.manualRefundBadge}
            </Badge>
          ) : row.refund_refused_at ? (
            <>
              <Badge size="small" variation="error">
                {WITHDRAWAL_MESSAGES.refundRefusedBadge}
              </Badge>
              {row.refund_refused_reason ? (
                <Text fontSize="small" color="font.secondary" className="charge-table__reason">
                  {row.refund_refused_reason}
                </Text>
              ) : null}
            </>
          ) : null}
        </Flex>
      </TableCell>
      <TableCell data-label="Movimentação">{formatDateTime(row.updated_at)}</TableCell>
      <TableCell data-label="Ações" className="admin-table__actions">
        <Flex gap="xs" wrap={{ base: 'wrap', medium: 'nowrap' }}>
          {/* On a phone the first action sits under the thumb: the harmless look at Asaas comes first. */}
          <Button
            size="small"
            aria-label={`Verificar ${protocol}`}
            isDisabled={busy || !row.asaas_id}
            isLoading={verify.isPending}
            onClick={() =>
              verify.mutate(ref, {
                onSuccess: ({ mudou, mensagem }) =>
                  toast({
                    title: mudou ? ADMIN_PROCESS_MESSAGES.chargeUpdated : ADMIN_PROCESS_MESSAGES.verifiedTitle,
                    description: mensagem,
                    variant: mudou ? 'success' : 'default',
                  }),
                onError: (error) => toastError(failureWithReason(ADMIN_PROCESS_MESSAGES.verifyFailed, error)),
              })
            }
          >
            Verificar
          </Button>
          <MarkPaidDialog
            protocol={protocol}
            due={row.valor}
            isDisabled={busy || !canAdminMarkPaid(row.status)}
            record={(body) => markPaid.mutateAsync({ ref, body })}
          />
          {isChargePaid(row.status) && !row.manual_refund ? (
            <RefundDialog
              label={`Estornar ${protocol}`}
              description={`O pagamento de ${row.valor === null ? '—' : formatBRL(row.valor)} do protocolo ${protocol} será estornado pelo Asaas; o contrato será cancelado e o processo, encerrado.`}
              isDisabled={busy}
              refund={(motivo) => refund.mutateAsync({ ref, motivo })}
            />
          ) : null}
          {isChargePaid(row.status) && row.contrato_cancelado_em && !row.manual_refund ? (
            <RefundDialog
              label={`${WITHDRAWAL_MESSAGES.manualRefundAction} ${protocol}`}
              manual={{
                protocol,
                paid: row.valor,
                record: (input) => refund.mutateAsync({ ref, tipo: 'manual', ...input }),
              }}
            />
          ) : null}
        </Flex>
      </TableCell>
    </TableRow>
  );
}
