import { useId, useRef, useState } from 'react';
import { Alert, Button, CheckboxField, Flex, Text } from '@aws-amplify/ui-react';
import { formatDate } from '@domain/dates.js';
import { CONTRACT_MESSAGES } from '@domain/messages.js';
import { FREE_RENEWAL_PAYMENT_METHOD, formatBRL } from '@domain/pricing.js';
import type { Contract, Profile } from '@domain/schemas/entities.js';
import { ApiRequestError, isRefusal } from '@/lib/api-error';
import { toastApiError } from '@/lib/toast';
import { useSignContract } from '../api/contracts';
import { ContractClauses } from './contract-clauses';
import { FaqLink } from '@/components/faq-link';

/**
 * An unsigned contract: its clauses in the page's own flow (no inner scroll box, readable on a phone), the unticked
 * 'Li e concordo com os termos do contrato' and the sign button. The button stays enabled: pressed without the tick,
 * it says why next to the box and moves the focus there, as the server would refuse it too.
 */
export function UnsignedContract({ contract, profile }: { contract: Contract; profile: Profile }) {
  const sign = useSignContract();
  const free = contract.forma_pagamento === FREE_RENEWAL_PAYMENT_METHOD;
  const [agreed, setAgreed] = useState(false);
  const [consentError, setConsentError] = useState<string | null>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const errorId = useId();

  const refuseConsent = (message: string) => {
    setConsentError(message);
    consentRef.current?.focus();
  };

  const onSign = () => {
    if (!agreed) {
      refuseConsent(CONTRACT_MESSAGES.consentRequired);
      return;
    }
    sign.mutate(contract.id, {
      onError: (error) => {
        const fieldError = error instanceof ApiRequestError ? error.fields?.aceite : undefined;
        if (fieldError) {
          refuseConsent(fieldError);
          return;
        }
        // Only the already-signed refusal has its own title; other refusals (no profile...) are 'Erro' (spec 02 §8).
        toastApiError(
          error,
          CONTRACT_MESSAGES.signFailed,
          isRefusal(error, 'contract_already_signed') ? CONTRACT_MESSAGES.alreadySignedTitle : undefined,
        );
      },
    });
  };

  return (
    <Flex direction="column" gap="medium" marginTop="medium">
      <Text>
        {free
          ? `Renovação gratuita (valor de referência ${formatBRL(contract.valor)}), sem pagamento a fazer, gerada em ${formatDate(contract.created_at)}.`
          : `Contrato de ${formatBRL(contract.valor)}, pagamento único via PIX, gerado em ${formatDate(contract.created_at)}.`}{' '}
        Leia as cláusulas abaixo antes de assinar.
      </Text>
      <FaqLink before="assinar" />
      <section className="contract-document" aria-label="Texto do contrato">
        <ContractClauses contract={contract} profile={profile} />
      </section>
      <Alert variation="info">{CONTRACT_MESSAGES.evidenceNotice}</Alert>
      <Flex direction="column" gap="xxs" className="contract-consent">
        <CheckboxField
          ref={consentRef}
          name="aceite"
          value="sim"
          label={CONTRACT_MESSAGES.consentLabel}
          checked={agreed}
          hasError={consentError !== null}
          aria-invalid={consentError !== null ? true : undefined}
          aria-describedby={consentError !== null ? errorId : undefined}
          onChange={(event) => {
            setAgreed(event.target.checked);
            if (event.target.checked) setConsentError(null);
          }}
        />
        {consentError !== null && (
          <Text id={errorId} role="alert" color="font.error" fontSize="small">
            {consentError}
          </Text>
        )}
      </Flex>
      <Button
        variation="primary"
        alignSelf={{ base: 'stretch', medium: 'flex-start' }}
        onClick={onSign}
        isLoading={sign.isPending}
        loadingText={CONTRACT_MESSAGES.signing}
      >
        {CONTRACT_MESSAGES.sign}
      </Button>
    </Flex>
  );
}
