import { Alert, Badge, Button, Card, Flex, Heading, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import { useIsFetching } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import type { AdminDivergenceRow, ReconciliationRunSummary } from '@domain/api/admin-reconciliation.js';
import { formatDateTime } from '@domain/dates.js';
import { RECONCILIATION_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import {
  describeDivergence,
  DIVERGENCE_LABELS,
  RECONCILIATION_RUN_LABELS,
  reconciliationStarterText,
} from '@domain/reconciliation.js';
import { AdminTable, ClientCell, ProtocolCell, TimeCell } from '@/components/admin-list/admin-table';
import { LoadMoreButton } from '@/components/admin-list/load-more-button';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';
import { useRefundCharge } from '@/lib/charge-refunds';
import { toast, toastApiError } from '@/lib/toast';
import { useAdminReconciliation, useRunReconciliation } from '../api/admin-reconciliation';
import '../admin-finance.css';

/** The section's anchor: the report e-mail's link ends in it. */
const SECTION_ID = 'divergencias';
const COLUMNS = ['Divergência', 'Protocolo', 'Cliente', 'Pagamento no Asaas', 'Situação', 'Desde'];

/**
 * 'Divergências' on /admin/financeiro: the last reconciliation with Asaas (when, how it ended, what it repaired, who
 * started it), the next scheduled one, 'Executar agora', and what it could not repair, one row per payment and kind, newest first. Reached from the report e-mail's
 * link by its anchor (#divergencias).
 */
export function DivergencesSection() {
  const reconciliation = useAdminReconciliation();
  const lastRun = reconciliation.data?.pages[0]?.lastRun;
  // The report e-mail links here (#divergencias): where the section lands is known once the page above it is in too
  // (the period's figures, the charges, the payments without a charge all load on their own), so the jump waits for
  // every query of the page to settle, and happens once.
  const { hash } = useLocation();
  const fetching = useIsFetching();
  const settled = reconciliation.isSuccess && fetching === 0;
  const jumped = useRef(false);
  useEffect(() => {
    if (!settled || jumped.current || hash !== `#${SECTION_ID}`) return;
    jumped.current = true;
    document.getElementById(SECTION_ID)?.scrollIntoView();
  }, [settled, hash]);
  const rows = reconciliation.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card variation="outlined" as="section" id={SECTION_ID} aria-labelledby={`${SECTION_ID}-titulo`}>
      <Flex direction="column" gap="small">
        <Flex className="divergences-header" justifyContent="space-between" alignItems="center" gap="small" wrap="wrap">
          <Heading level={2} fontSize="large" id={`${SECTION_ID}-titulo`}>
            {RECONCILIATION_MESSAGES.title}
          </Heading>
          <RunNowButton running={lastRun?.status === 'running'} />
        </Flex>
        <Text color="font.secondary">{RECONCILIATION_MESSAGES.subtitle}</Text>
        {reconciliation.isPending ? (
          <PageLoader label={RECONCILIATION_MESSAGES.loading} />
        ) : reconciliation.isError && !reconciliation.data ? (
          <LoadError message={RECONCILIATION_MESSAGES.loadFailed} onRetry={() => void reconciliation.refetch()} />
        ) : (
          <>
            <LastRun run={lastRun ?? null} />
            {reconciliation.data?.pages[0] ? <NextRun at={reconciliation.data.pages[0].nextRun} /> : null}
            {rows.length === 0 ? (
              <Text>{RECONCILIATION_MESSAGES.none}</Text>
            ) : (
              <>
                <DivergenceTable rows={rows} />
                <LoadMoreButton list={reconciliation} />
                {reconciliation.isFetchNextPageError ? (
                  <Text color="font.error" role="alert">
                    {RECONCILIATION_MESSAGES.loadFailed}
                  </Text>
                ) : null}
              </>
            )}
          </>
        )}
      </Flex>
    </Card>
  );
}

/**
 * 'Executar agora': the run happens within the request (up to about half a minute), the button saying so meanwhile;
 * its result lands in the last run's line below, and a refusal (a run already under way: 409) is told as the server
 * says it. Disabled while a run shown below is under way.
 */
function RunNowButton({ running }: { running: boolean }) {
  const run = useRunReconciliation();
  return (
    <Button
      size="small"
      variation="primary"
      isLoading={run.isPending}
      loadingText={RECONCILIATION_MESSAGES.running}
      isDisabled={running}
      onClick={() =>
        run.mutate(undefined, {
          onSuccess: ({ run: result }) =>
            toast({
              title: RECONCILIATION_MESSAGES.runStarted,
              description: `${RECONCILIATION_RUN_LABELS[result.status]}: ${runFigures(result).join(' · ')}`,
              variant: result.status === 'completed' ? 'success' : 'default',
            }),
          onError: (error) => toastApiError(error, RECONCILIATION_MESSAGES.runFailed),
        })
      }
    >
      {RECONCILIATION_MESSAGES.runNow}
    </Button>
  );
}

/** 'Próxima conciliação agendada: 28/11/2026 03:00' (São Paulo time, from the catalogue's schedule). */
function NextRun({ at }: { at: string }) {
  return (
    <Text fontSize="small" color="font.secondary" data-testid="reconciliation-next-run">
      {RECONCILIATION_MESSAGES.nextRun}: <time dateTime={at}>{formatDateTime(at)}</time>
    </Text>
  );
}

const count = (n: number, one: string, many: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? one : many}`;

/** What a run did, in words: checked, repaired, payments without a charge, divergences resolved and still open. */
function runFigures(run: ReconciliationRunSummary): string[] {
  return [
    count(run.charges_checked, 'cobrança verificada', 'cobranças verificadas'),
    count(run.repaired + run.confirmations_resumed, 'reparada', 'reparadas'),
    count(run.orphans, 'pagamento sem cobrança', 'pagamentos sem cobrança'),
    count(run.divergences_new, 'divergência nova', 'divergências novas'),
    count(run.divergences_resolved, 'divergência resolvida', 'divergências resolvidas'),
  ];
}

/** The last run: when, how it ended, what it did, and who started it. */
function LastRun({ run }: { run: ReconciliationRunSummary | null }) {
  if (!run) return <Text fontSize="small">{RECONCILIATION_MESSAGES.neverRun}</Text>;
  const figures = runFigures(run);
  const variation = run.status === 'completed' ? 'success' : run.status === 'running' ? 'info' : 'warning';
  return (
    <Flex direction="column" gap="xs">
      <Flex className="reconciliation-run" gap="xs" alignItems="center" wrap="wrap">
        <Text fontSize="small" fontWeight="semibold">
          {RECONCILIATION_MESSAGES.lastRun}:
        </Text>
        <Text as="time" fontSize="small" dateTime={run.started_at}>
          {formatDateTime(run.started_at)}
        </Text>
        <Badge size="small" variation={variation}>
          {RECONCILIATION_RUN_LABELS[run.status]}
        </Badge>
        <Text fontSize="small" color="font.secondary">
          {figures.join(' · ')}
        </Text>
      </Flex>
      <Text fontSize="small" color="font.secondary" data-testid="reconciliation-started-by">
        {reconciliationStarterText(run.started_by)}
      </Text>
      {run.note ? (
        <Alert variation={run.status === 'failed' ? 'error' : 'warning'} role="status">
          {run.note}
        </Alert>
      ) : null}
    </Flex>
  );
}

function DivergenceTable({ rows }: { rows: AdminDivergenceRow[] }) {
  return (
    <AdminTable columns={COLUMNS} className="divergence-table" label={RECONCILIATION_MESSAGES.title}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell data-label="Divergência">
            <Badge
              size="small"
              variation={row.kind === 'status_refused' || row.kind === 'cancelled_paid' ? 'error' : 'warning'}
            >
              {DIVERGENCE_LABELS[row.kind]}
            </Badge>
          </TableCell>
          <ProtocolCell protocol={row.protocolo ?? '—'} profileId={row.profile_id} />
          <ClientCell name={row.nome_cliente} email={null} profileId={row.profile_id} />
          <TableCell data-label="Pagamento no Asaas">
            <code className="divergence-table__payment">{row.asaas_id}</code>
          </TableCell>
          {/* An amount never breaks between 'R$' and its figures. */}
          <TableCell data-label="Situação">
            <Flex direction="column" gap="xs" alignItems="flex-start">
              <Text>{describeDivergence(row).replaceAll('R$ ', 'R$\u00a0')}</Text>
              {row.kind === 'duplicate_payment' && row.user_id && row.contrato_id && row.charge_id ? (
                <RefundExtraPayment
                  protocol={row.protocolo ?? '—'}
                  refTo={{ userId: row.user_id, contractId: row.contrato_id, chargeId: row.charge_id }}
                />
              ) : null}
            </Flex>
          </TableCell>
          <TimeCell label="Desde" at={row.first_seen_at} format={formatDateTime} />
        </TableRow>
      ))}
    </AdminTable>
  );
}

/** 'Estornar pagamento extra': the second payment of a contract goes back to the payer (one click, audited). */
function RefundExtraPayment({
  protocol,
  refTo,
}: {
  protocol: string;
  refTo: { userId: string; contractId: string; chargeId: string };
}) {
  const refund = useRefundCharge();
  return (
    <Button
      size="small"
      variation="warning"
      aria-label={`${WITHDRAWAL_MESSAGES.duplicateRefundAction} ${protocol}`}
      isLoading={refund.isPending}
      loadingText="Estornando..."
      onClick={() =>
        refund.mutate(
          { ref: refTo, tipo: 'duplicidade', motivo: DIVERGENCE_LABELS.duplicate_payment },
          {
            onSuccess: () => toast({ title: WITHDRAWAL_MESSAGES.duplicateRefundDone, variant: 'success' }),
            onError: (error) => toastApiError(error, 'Não foi possível estornar. Tente novamente.'),
          },
        )
      }
    >
      {WITHDRAWAL_MESSAGES.duplicateRefundAction}
    </Button>
  );
}
