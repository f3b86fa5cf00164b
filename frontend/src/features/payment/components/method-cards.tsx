import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Card,
  Flex,
  Heading,
  Link,
  Radio,
  RadioGroupField,
  SelectField,
  Text,
} from '@aws-amplify/ui-react';
import type { ChargeChoice } from '@domain/api/payments.js';
import { chargeStatusLabel, isChargePaid } from '@domain/charge-status.js';
import { formatDay } from '@domain/dates.js';
import {
  CHECKOUT_MESSAGES,
  instalmentLabel,
  instalmentValues,
  MAX_INSTALMENTS,
  methodPrice,
  type CheckoutMethod,
} from '@domain/payment-methods.js';
import { PAYMENT_MESSAGES } from '@domain/messages.js';
import { formatBRL } from '@domain/pricing.js';
import type { Charge, Contract } from '@domain/schemas/entities.js';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { toast, toastError } from '@/lib/toast';

const INSTALMENT_COUNTS = Array.from({ length: MAX_INSTALMENTS }, (_, index) => index + 1);

/**
 * 'Como você prefere pagar?': PIX first (the spec's price), then the card with the instalments and their value, then
 * the boleto, each with its price; the button says what happens next.
 */
export function MethodChoice({
  contract,
  current,
  busy,
  again = false,
  onChoose,
}: {
  contract: Contract;
  current?: CheckoutMethod;
  busy: boolean;
  /** The last charge of this method expired: its button says a new one is made. */
  again?: boolean;
  onChoose: (choice: ChargeChoice) => void;
}) {
  const [forma, setForma] = useState<CheckoutMethod>(current ?? 'pix');
  const [parcelas, setParcelas] = useState(MAX_INSTALMENTS);
  const cardTotal = methodPrice(contract.valor, 'cartao');
  const labels: Record<CheckoutMethod, string> = {
    pix: `PIX — ${formatBRL(methodPrice(contract.valor, 'pix'))} à vista, com desconto especial`,
    cartao: `${CHECKOUT_MESSAGES.cardOption} — ${formatBRL(cardTotal)}`,
    boleto: `${CHECKOUT_MESSAGES.boletoOption} — ${formatBRL(methodPrice(contract.valor, 'boleto'))}`,
  };
  const action =
    forma === 'pix'
      ? again
        ? PAYMENT_MESSAGES.generateAgain
        : PAYMENT_MESSAGES.generate
      : forma === 'cartao'
        ? CHECKOUT_MESSAGES.payByCard
        : again
          ? CHECKOUT_MESSAGES.boletoGenerateAgain
          : CHECKOUT_MESSAGES.generateBoleto;
  return (
    <Flex direction="column" gap="medium" alignItems="stretch">
      <RadioGroupField
        legend={CHECKOUT_MESSAGES.chooseTitle}
        name="forma"
        value={forma}
        onChange={(event) => setForma(event.target.value as CheckoutMethod)}
      >
        {(Object.keys(labels) as CheckoutMethod[]).map((method) => (
          <Radio key={method} value={method}>
            {labels[method]}
          </Radio>
        ))}
      </RadioGroupField>
      {forma === 'cartao' && (
        <SelectField
          label={CHECKOUT_MESSAGES.instalmentsLabel}
          value={String(parcelas)}
          onChange={(event) => setParcelas(Number(event.target.value))}
        >
          {INSTALMENT_COUNTS.map((count) => (
            <option key={count} value={count}>
              {instalmentLabel(cardTotal, count)}
            </option>
          ))}
        </SelectField>
      )}
      {forma === 'cartao' && <Text color="font.secondary">{CHECKOUT_MESSAGES.cardHostedNote}</Text>}
      <Button
        variation="primary"
        alignSelf="flex-start"
        isLoading={busy}
        loadingText="Aguarde..."
        onClick={() => onChoose(forma === 'cartao' ? { forma, parcelas } : { forma })}
      >
        {action}
      </Button>
    </Flex>
  );
}

/** The plan with each instalment's value, due month and status; the first instalment's status is the charge's. */
export function InstalmentPlan({ charge }: { charge: Charge }) {
  const count = charge.parcelas ?? 1;
  const values = instalmentValues(charge.valor ?? 0, count);
  return (
    <table className="instalment-plan" aria-label={CHECKOUT_MESSAGES.instalmentStatusTitle}>
      <thead>
        <tr>
          <th scope="col">Parcela</th>
          <th scope="col">Valor</th>
          <th scope="col">Situação</th>
        </tr>
      </thead>
      <tbody>
        {values.map((value, index) => {
          const status = index === 0 ? charge.status : (charge.parcelas_status?.[String(index + 1)] ?? charge.status);
          return (
            <tr key={index}>
              <td>{index + 1}ª</td>
              <td>{formatBRL(value)}</td>
              <td>
                <Badge size="small" variation={isChargePaid(status) ? 'success' : 'warning'}>
                  {chargeStatusLabel(status)}
                </Badge>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** A card charge waiting for the customer on Asaas's page: the plan, the page's link, and what went wrong if it did. */
export function CardCard({ charge, onChangeMethod }: { charge: Charge; onChangeMethod: () => void }) {
  const inAnalysis = charge.status === 'AWAITING_RISK_ANALYSIS';
  const refusal = !inAnalysis && charge.cartao_recusado ? charge.cartao_recusado.motivo : null;
  const simulatorUrl = getRuntimeConfig().paymentSimulatorUrl;
  return (
    <Card variation="outlined" aria-labelledby="card-title">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small" width="100%">
          <Heading level={2} fontSize="large" id="card-title">
            {CHECKOUT_MESSAGES.cardPlanTitle}
          </Heading>
          <Badge variation="warning">{chargeStatusLabel(charge.status)}</Badge>
        </Flex>
        <Text fontWeight="bold">
          {instalmentLabel(charge.valor ?? 0, charge.parcelas ?? 1)} · total {formatBRL(charge.valor ?? 0)}
        </Text>
        {refusal && (
          <Alert variation="error" role="alert">
            {refusal === 'reprovado' ? CHECKOUT_MESSAGES.cardReproved : CHECKOUT_MESSAGES.cardRefused}
          </Alert>
        )}
        {inAnalysis && <Alert variation="info">{CHECKOUT_MESSAGES.cardInAnalysis}</Alert>}
        <InstalmentPlan charge={charge} />
        {!inAnalysis && charge.link && (
          <Link href={charge.link} className="amplify-button amplify-button--primary">
            {CHECKOUT_MESSAGES.cardOpen}
          </Link>
        )}
        <Text color="font.secondary">{CHECKOUT_MESSAGES.cardHostedNote}</Text>
        {!inAnalysis && (
          <Button variation="link" onClick={onChangeMethod}>
            {CHECKOUT_MESSAGES.changeMethod}
          </Button>
        )}
        {simulatorUrl && (
          <Alert variation="info" heading="Ambiente local">
            A página do cartão é a do simulador do Asaas: nenhum cartão de verdade é cobrado.
          </Alert>
        )}
      </Flex>
    </Card>
  );
}

/** A boleto: the typeable line with its copy button, the PDF and the due date. */
export function BoletoCard({ charge, onChangeMethod }: { charge: Charge; onChangeMethod: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.boleto_linha ?? '');
      setCopied(true);
      toast({ title: CHECKOUT_MESSAGES.boletoCopied, variant: 'success' });
    } catch {
      toastError('Não foi possível copiar. Selecione a linha digitável e copie manualmente.');
    }
  };
  return (
    <Card variation="outlined" aria-labelledby="boleto-title">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small" width="100%">
          <Heading level={2} fontSize="large" id="boleto-title">
            {CHECKOUT_MESSAGES.boletoTitle}
          </Heading>
          <Badge variation="warning">{chargeStatusLabel(charge.status)}</Badge>
        </Flex>
        <Text fontWeight="bold">
          {formatBRL(charge.valor ?? 0)}
          {charge.vencimento ? ` · vence em ${formatDay(charge.vencimento)}` : ''}
        </Text>
        <Flex direction="column" gap="xs" width="100%">
          <Text as="label" htmlFor="boleto-line" fontWeight="bold">
            {CHECKOUT_MESSAGES.boletoLineLabel}
          </Text>
          <textarea id="boleto-line" className="pix-card__code" readOnly rows={2} value={charge.boleto_linha ?? ''} />
          <Button variation="primary" alignSelf="flex-start" onClick={() => void copy()}>
            {copied ? '✓ Copiado' : CHECKOUT_MESSAGES.boletoCopy}
          </Button>
        </Flex>
        {charge.boleto_pdf && (
          <Link href={charge.boleto_pdf} isExternal>
            {CHECKOUT_MESSAGES.boletoPdf}
          </Link>
        )}
        <Text color="font.secondary">{CHECKOUT_MESSAGES.boletoClearing}</Text>
        <Button variation="link" onClick={onChangeMethod}>
          {CHECKOUT_MESSAGES.changeMethod}
        </Button>
      </Flex>
    </Card>
  );
}
