import { Alert, Badge, Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { CONTRACT_MESSAGES, WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { chargeMethod, contractSaleFacts, type PaymentMethod } from '@domain/payment-methods.js';
import { FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from '@domain/pricing.js';
import { latestChargeOf } from '@domain/process-journey.js';
import type { Dashboard } from '@domain/schemas/dashboard.js';
import type { Charge, Contract, Profile } from '@domain/schemas/entities.js';
import { refundMethod } from '@domain/withdrawal.js';
import { CompleteProfileCard } from '@/components/complete-profile-card';
import { ButtonLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { toastApiError } from '@/lib/toast';
import { useCustomerCollection } from '@/lib/customer-collection';
import { useCancelContract, useDownloadContractPdf } from '../api/contracts';
import { CancelContractDialog } from './cancel-contract-dialog';
import { UnsignedContract } from './unsigned-contract';

/** /app/contrato (spec 02 §2 Contract). */
export function ContractPage() {
  const collection = useCustomerCollection();

  return (
    <Flex direction="column" gap="large">
      <PageHeader title={CONTRACT_MESSAGES.title} subtitle={CONTRACT_MESSAGES.subtitle} />
      {collection.isPending ? (
        <PageLoader label="Carregando seus contratos..." />
      ) : collection.isError ? (
        <LoadError message={CONTRACT_MESSAGES.loadFailed} onRetry={() => void collection.refetch()} />
      ) : !collection.data.profile ? (
        <CompleteProfileCard
          title={CONTRACT_MESSAGES.completeProfileFirst}
          message={`${CONTRACT_MESSAGES.completeProfileWarning}.`}
        />
      ) : collection.data.contracts.length === 0 ? (
        <Alert variation="info" heading={CONTRACT_MESSAGES.noContractTitle}>
          {CONTRACT_MESSAGES.noContract}
        </Alert>
      ) : (
        <Flex direction="column" gap="medium">
          {newestFirst(collection.data.contracts).map((contract) => (
            <ContractCard
              key={contract.id}
              contract={contract}
              profile={collection.data.profile!}
              charge={latestChargeOf(collection.data.charges, contract.id)}
              withdrawal={collection.data.withdrawals.find((w) => w.contractId === contract.id) ?? null}
              method={refundMethod(contract.id, collection.data.charges)}
            />
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function newestFirst(contracts: Contract[]): Contract[] {
  return [...contracts].sort((a, b) => b.created_at.localeCompare(a.created_at));
}

type ContractCardProps = {
  contract: Contract;
  profile: Profile;
  charge: Charge | null;
  /** Until when the server would cancel it ('Cancelar contrato') and what it would do with the money; null: it would not. */
  withdrawal: Dashboard['withdrawals'][number] | null;
  /** How the money a cancellation refunds was paid: the refund words say where it goes back. */
  method: PaymentMethod;
};

function ContractCard({ contract, profile, charge, withdrawal, method }: ContractCardProps) {
  const signed = contract.assinado_em !== null;
  const cancelled = Boolean(contract.cancelado_em);
  const renewal = contract.parent_contrato_id !== null;
  const heading = `${
    cancelled
      ? WITHDRAWAL_MESSAGES.cancelledHeading
      : signed
        ? CONTRACT_MESSAGES.signedHeading
        : CONTRACT_MESSAGES.pendingHeading
  }${renewal ? CONTRACT_MESSAGES.renewalSuffix : ''}`;
  return (
    <Card variation="outlined" className="contract-card" aria-label={`${heading} ${contract.protocolo}`}>
      <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
        <Flex direction="column" gap="xxs">
          <Heading level={2} fontSize="large">
            {heading}
          </Heading>
          <Text color="font.secondary">Protocolo {contract.protocolo}</Text>
        </Flex>
        <Badge variation={cancelled ? 'error' : signed ? 'success' : 'warning'}>
          {cancelled
            ? WITHDRAWAL_MESSAGES.cancelledBadge
            : signed
              ? CONTRACT_MESSAGES.activeBadge
              : CONTRACT_MESSAGES.pendingBadge}
        </Badge>
      </Flex>
      {signed ? (
        <SignedContract contract={contract} charge={charge} withdrawal={withdrawal} method={method} />
      ) : (
        <UnsignedContract contract={contract} profile={profile} />
      )}
    </Card>
  );
}

function SignedContract({ contract, charge, withdrawal, method }: Omit<ContractCardProps, 'profile'>) {
  const free = contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  // A card or boleto sale costs more than the contract's PIX price and is paid another way: the card says so.
  const sale = contractSaleFacts(contract, charge);
  const cancelled = Boolean(contract.cancelado_em);
  const heldMoney = cancelled && charge !== null && isChargePaid(charge.status) && !charge.manual_refund;
  // Asaas refused the refund (no balance, past 90 days): the team returns the money; nothing for the customer to do.
  const refundWithTeam = heldMoney && Boolean(charge.refund_refused_at);
  // Cancelled, but its paid PIX not refunded yet (Asaas was unreachable): the same request asks again.
  const refundPending = heldMoney && !refundWithTeam;
  return (
    <Flex direction="column" gap="small" marginTop="medium">
      <dl className="contract-facts">
        <dt>Valor</dt>
        <dd>
          {formatBRL(sale.value)}
          {free && ' (renovação gratuita)'}
        </dd>
        <dt>Forma de pagamento</dt>
        <dd>{sale.method}</dd>
        <dt>Assinado em</dt>
        <dd>{formatDate(contract.assinado_em)}</dd>
        <dt>IP da assinatura</dt>
        <dd>{contract.ip_assinatura ?? CONTRACT_MESSAGES.ipUnavailable}</dd>
        {cancelled && (
          <>
            <dt>Cancelado em</dt>
            <dd>{formatDateTime(contract.cancelado_em)}</dd>
          </>
        )}
        {cancelled && charge && (
          <>
            <dt>Pagamento</dt>
            <dd>
              {charge.manual_refund
                ? WITHDRAWAL_MESSAGES.manualRefundBadge
                : refundWithTeam
                  ? WITHDRAWAL_MESSAGES.refundWithTeam
                  : chargeStatusLabel(charge.status)}
            </dd>
          </>
        )}
      </dl>
      {refundWithTeam && (
        <Alert variation="info" role="status">
          {WITHDRAWAL_MESSAGES.cancelledRefundRefused}
        </Alert>
      )}
      {refundPending && (
        <Alert variation="warning">
          <Flex direction="column" gap="small" alignItems="flex-start">
            <Text>{WITHDRAWAL_MESSAGES.refundPending}</Text>
            <RetryRefund contractId={contract.id} method={method} />
          </Flex>
        </Alert>
      )}
      {withdrawal && !cancelled && (
        <Text color="font.secondary">
          {WITHDRAWAL_MESSAGES.windowUntil} {formatDateTime(withdrawal.until)}.
        </Text>
      )}
      <Flex gap="small" wrap="wrap">
        <DownloadPdf contractId={contract.id} />
        <Button as="a" href={`/app/contrato/imprimir/${contract.id}`} target="_blank" rel="noopener">
          {CONTRACT_MESSAGES.viewPdf}
        </Button>
        {free || cancelled ? (
          <ButtonLink to="/app/dashboard" variation="primary">
            {CONTRACT_MESSAGES.followProcess}
          </ButtonLink>
        ) : (
          <ButtonLink to="/app/pagamento" variation="primary">
            {CONTRACT_MESSAGES.viewPayment}
          </ButtonLink>
        )}
        {withdrawal && !cancelled && (
          <CancelContractDialog
            contractId={contract.id}
            settlement={withdrawal.settlement}
            method={method}
            openMethod={charge ? chargeMethod(charge) : 'pix'}
          />
        )}
      </Flex>
    </Flex>
  );
}

function RetryRefund({ contractId, method }: { contractId: string; method: PaymentMethod }) {
  const retry = useCancelContract(method);
  return (
    <Button
      size="small"
      isLoading={retry.isPending}
      onClick={() =>
        retry.mutate(contractId, {
          onError: (error) => toastApiError(error, WITHDRAWAL_MESSAGES.cancelFailed),
        })
      }
    >
      {WITHDRAWAL_MESSAGES.refundRetry}
    </Button>
  );
}

/** The stored, signed PDF (the one whose text the signature hashed), saved as a file. */
function DownloadPdf({ contractId }: { contractId: string }) {
  const download = useDownloadContractPdf();
  return (
    <Button
      isLoading={download.isPending}
      loadingText={CONTRACT_MESSAGES.downloadingPdf}
      onClick={() =>
        download.mutate(contractId, { onError: (error) => toastApiError(error, CONTRACT_MESSAGES.pdfFailed) })
      }
    >
      {CONTRACT_MESSAGES.downloadPdf}
    </Button>
  );
}
