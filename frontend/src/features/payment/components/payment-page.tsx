import { useCallback, useEffect, useState } from 'react';
import { Alert, Badge, Button, Card, Flex, Heading, Image, Link, Text, View } from '@aws-amplify/ui-react';
import { chargeStatusLabel } from '@domain/charge-status.js';
import { currentContract } from '@domain/current-contract.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { formatPixValidUntil } from '@domain/finance.js';
import { CONTRACT_MESSAGES, DASHBOARD_MESSAGES, PAYMENT_MESSAGES } from '@domain/messages.js';
import { currentProcess } from '@domain/next-step.js';
import { formatBRL } from '@domain/pricing.js';
import { JOURNEY_MESSAGES, moneyLabel, paymentView, type PaymentView } from '@domain/process-journey.js';
import type { Dashboard } from '@domain/schemas/dashboard.js';
import type { Charge, Contract } from '@domain/schemas/entities.js';
import { ButtonLink } from '@/components/links';
import { WayForward } from '@/components/way-forward';
import { LoadError } from '@/components/load-error';
import { recordConversion } from '@/lib/tracking';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useCustomerCollection } from '@/lib/customer-collection';
import { getRuntimeConfig } from '@/lib/runtime-config';
import { toast, toastApiError, toastError } from '@/lib/toast';
import { useCreateCharge, useVerifyCharge } from '../api/charges';
import { PixPayee } from './pix-payee';
import { InvoiceNote } from './invoice-note';
import type { Invoice } from '@domain/schemas/invoice.js';
import { BoletoCard, CardCard, InstalmentPlan, MethodChoice } from './method-cards';
import type { ChargeChoice } from '@domain/api/payments.js';
import { CHECKOUT_MESSAGES, chargeHeading, chargeMethod } from '@domain/payment-methods.js';
import { FaqLink } from '@/components/faq-link';

/** The copy button's confirmation. */
const PIX_COPIED_LABEL = 'Copiado';
/** One line on what to do with the code, for someone who never paid by copy-and-paste. */
const PIX_HOW_TO = 'No app do seu banco, escolha Pix › Pix Copia e Cola e cole o código.';

/** How often the screen asks again while another request is still creating the charge, and for how long. */
const PENDING_RECHECK_MS = 2000;
const PENDING_MAX_ATTEMPTS = 30;

/** /app/pagamento (spec 02 §2 Payment): the PIX of the signed contract; it turns paid live (webhook → live channel). */
export function PaymentPage() {
  const collection = useCustomerCollection();
  return (
    <Flex direction="column" gap="large">
      {collection.isPending ? (
        <>
          <PageHeader title={PAYMENT_MESSAGES.title} />
          <PageLoader label="Carregando seu pagamento..." />
        </>
      ) : collection.isError ? (
        <>
          <PageHeader title={PAYMENT_MESSAGES.title} />
          <LoadError message={DASHBOARD_MESSAGES.loadFailed} onRetry={() => void collection.refetch()} />
        </>
      ) : (
        <PaymentContent dashboard={collection.data} />
      )}
    </Flex>
  );
}

function PaymentContent({ dashboard }: { dashboard: Dashboard }) {
  const view = paymentView(dashboard, currentContract(dashboard, currentProcess(dashboard)));
  if (view.kind === 'sign_first') {
    return (
      <>
        <PageHeader title={PAYMENT_MESSAGES.title} />
        <Card variation="outlined">
          <Flex direction="column" gap="small" alignItems="flex-start">
            <Text>{PAYMENT_MESSAGES.signFirst}</Text>
            <ButtonLink to="/app/contrato" variation="primary">
              Ir para o contrato
            </ButtonLink>
          </Flex>
        </Card>
      </>
    );
  }
  const { contract } = view;
  // 'Pagamento' with its protocol and value (spec 02 §2) on a line of their own, which fits a phone; the no-break
  // space keeps 'R$ 399,00' whole.
  // A card or boleto charge is told with its own value and method, not the contract's PIX price.
  const heading = view.kind === 'paid' || view.kind === 'payable' ? chargeHeading(view.charge) : null;
  const detail = `Protocolo ${contract.protocolo} · ${formatBRL(heading?.value ?? contract.valor).replace(' ', '\u00a0')}`;
  if (view.kind === 'free') {
    return (
      <>
        <PageHeader title={PAYMENT_MESSAGES.title} detail={detail} />
        <Alert variation="info">{PAYMENT_MESSAGES.freeRenewal}</Alert>
      </>
    );
  }
  if (view.kind === 'settled') {
    return (
      <>
        <PageHeader title={PAYMENT_MESSAGES.title} detail={detail} />
        <SettledCard view={view} />
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={PAYMENT_MESSAGES.title}
        detail={detail}
        subtitle={heading?.sentence ?? PAYMENT_MESSAGES.singlePayment}
      />
      {view.kind === 'paid' ? (
        <PaidCard charge={view.charge} invoice={dashboard.invoices?.find((i) => i.charge_id === view.charge.id)} />
      ) : view.kind === 'payable' ? (
        <PayableCard contract={contract} charge={view.charge} />
      ) : (
        <GenerateCard contract={contract} expired={view.expired} expiredCharge={view.expiredCharge ?? null} />
      )}
      {view.kind !== 'paid' && <FaqLink before="pagar" />}
    </>
  );
}

/**
 * A cancelled contract, or a payment that went back or is disputed: where the money stands, with its amount and
 * dates; never a code to pay or a verification.
 */
function SettledCard({ view }: { view: Extract<PaymentView, { kind: 'settled' }> }) {
  const { contract, charge, money } = view;
  const label = moneyLabel(money);
  const refundDone = money.kind === 'refunded';
  return (
    <Card variation="outlined" aria-labelledby="payment-settled">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small" width="100%">
          <Heading level={2} fontSize="large" id="payment-settled">
            {view.title}
          </Heading>
          {label && label !== view.title && <Badge variation={refundDone ? 'info' : 'warning'}>{label}</Badge>}
        </Flex>
        {contract.cancelado_em && <Text>Contrato cancelado em {formatDateTime(contract.cancelado_em)}.</Text>}
        <Text fontWeight="bold" data-testid="payment-money">
          {view.sentence}
        </Text>
        {charge && money.kind !== 'none' && (
          <dl className="contract-facts">
            <dt>Valor</dt>
            <dd>{formatBRL(charge.valor ?? contract.valor)}</dd>
            {charge.paid_at && (
              <>
                <dt>Pago em</dt>
                <dd>{formatDateTime(charge.paid_at)}</dd>
              </>
            )}
            <dt>Situação</dt>
            <dd>{chargeStatusLabel(charge.status)}</dd>
          </dl>
        )}
        <WayForward
          actions={[
            { kind: 'page', to: '/app/dashboard', label: CONTRACT_MESSAGES.followProcess },
            { kind: 'support', label: JOURNEY_MESSAGES.supportAction },
          ]}
        />
      </Flex>
    </Card>
  );
}

/** The open charge in its method's card, with the way back to the choice of another method. */
function PayableCard({ contract, charge }: { contract: Contract; charge: Charge }) {
  const [changing, setChanging] = useState(false);
  const method = chargeMethod(charge);
  if (changing) {
    return (
      <GenerateCard
        contract={contract}
        expired={false}
        expiredCharge={null}
        current={method === 'manual' ? undefined : method}
        onCancel={() => setChanging(false)}
      />
    );
  }
  const change = () => setChanging(true);
  if (charge.forma === 'cartao') return <CardCard charge={charge} onChangeMethod={change} />;
  if (charge.forma === 'boleto') return <BoletoCard charge={charge} onChangeMethod={change} />;
  return <PixCard contract={contract} charge={charge} onChangeMethod={change} />;
}

function GenerateCard({
  contract,
  expired,
  expiredCharge,
  current,
  onCancel,
}: {
  contract: Contract;
  expired: boolean;
  expiredCharge: Charge | null;
  current?: ChargeChoice['forma'];
  onCancel?: () => void;
}) {
  const create = useCreateCharge();
  const [attempts, setAttempts] = useState(0);
  const [choice, setChoice] = useState<ChargeChoice>({ forma: current ?? 'pix' });
  const expiredMethod = expiredCharge ? chargeMethod(expiredCharge) : 'pix';
  const pending = create.data?.pending === true && attempts < PENDING_MAX_ATTEMPTS;
  const generate = useCallback(
    (next: ChargeChoice, silently = false) =>
      create.mutate(
        { contractId: contract.id, choice: next },
        {
          // The toast and the card's page: useCreateCharge.
          onSuccess: (result) => {
            if (!result.pending) onCancel?.();
          },
          onError: (error) => {
            if (!silently) toastApiError(error, PAYMENT_MESSAGES.generateFailed);
          },
        },
      ),
    [contract.id, create, onCancel],
  );
  // Another request holds the creation: ask again (not just reload), so a holder that failed is taken over once its
  // claim lapses; after about a minute the button is the customer's again.
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => {
      setAttempts((n) => n + 1);
      generate(choice, true);
    }, PENDING_RECHECK_MS);
    return () => clearTimeout(timer);
  }, [pending, create.data, generate, choice]);

  return (
    <Card variation="outlined">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Heading level={2} fontSize="large">
          {formatBRL(contract.valor)}
        </Heading>
        <Text color="font.secondary">{PAYMENT_MESSAGES.automaticNote}</Text>
        {expired && (
          <Alert variation="warning" heading={chargeStatusLabel('OVERDUE')}>
            {expiredMethod === 'boleto' ? CHECKOUT_MESSAGES.boletoOverdue : PAYMENT_MESSAGES.expired}
          </Alert>
        )}
        {pending && <Alert variation="info">{PAYMENT_MESSAGES.generating}</Alert>}
        <MethodChoice
          contract={contract}
          current={current ?? (expiredMethod === 'manual' ? undefined : expiredMethod)}
          busy={create.isPending || pending}
          again={expired}
          onChoose={(next) => {
            setAttempts(0);
            setChoice(next);
            recordConversion('checkout');
            generate(next);
          }}
        />
        {onCancel && (
          <Button variation="link" onClick={onCancel}>
            Voltar
          </Button>
        )}
      </Flex>
    </Card>
  );
}

function PixCard({
  contract,
  charge,
  onChangeMethod,
}: {
  contract: Contract;
  charge: Charge;
  onChangeMethod: () => void;
}) {
  const verify = useVerifyCharge();
  const simulatorUrl = getRuntimeConfig().paymentSimulatorUrl;
  // Once copied the button says so, and stays clickable to copy again (no timer to miss it on a slow phone).
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(charge.pix_payload ?? '');
      setCopied(true);
      toast({ title: PAYMENT_MESSAGES.copiedTitle, description: PAYMENT_MESSAGES.copied, variant: 'success' });
    } catch {
      toastError('Não foi possível copiar. Selecione o código e copie manualmente.');
    }
  };
  const check = () => verify.mutate(contract.id);

  return (
    <Card variation="outlined" className="pix-card">
      <Flex direction="column" gap="medium">
        <Flex justifyContent="space-between" alignItems="center" wrap="wrap" gap="small">
          <Heading level={2} fontSize="large">
            PIX
          </Heading>
          <Badge variation="warning">
            {charge.status === 'PENDING' ? PAYMENT_MESSAGES.awaitingBadge : chargeStatusLabel(charge.status)}
          </Badge>
        </Flex>
        {charge.pix_valido_ate && (
          <Text fontWeight="bold" data-testid="pix-valid-until">
            {formatPixValidUntil(charge.pix_valido_ate)}
          </Text>
        )}
        <PixPayee />
        {/* The code first (nobody can scan their own phone's screen); from a tablet up the QR comes first (CSS order). */}
        <Flex direction="column" gap="medium">
          <Flex direction="column" gap="xs" className="pix-card__copy">
            <Text as="label" htmlFor="pix-code" fontWeight="bold">
              PIX copia e cola
            </Text>
            <Text color="font.secondary" fontSize="small" id="pix-how-to">
              {PIX_HOW_TO}
            </Text>
            <Button
              variation="primary"
              onClick={() => void copy()}
              className="pix-card__copy-button"
              aria-describedby="pix-how-to"
            >
              {copied ? `✓ ${PIX_COPIED_LABEL}` : 'Copiar código PIX'}
            </Button>
            <textarea id="pix-code" className="pix-card__code" readOnly rows={4} value={charge.pix_payload ?? ''} />
          </Flex>
          {charge.qr_code && (
            <View className="pix-card__qr">
              <Image
                src={`data:image/png;base64,${charge.qr_code}`}
                alt="QR Code do PIX"
                width="240px"
                height="240px"
              />
            </View>
          )}
        </Flex>
        <Flex gap="small" wrap="wrap">
          <Button onClick={check} isLoading={verify.isPending} loadingText="Verificando...">
            {PAYMENT_MESSAGES.verify}
          </Button>
          <Button variation="link" onClick={onChangeMethod}>
            {CHECKOUT_MESSAGES.changeMethod}
          </Button>
        </Flex>
        <Text color="font.secondary">{PAYMENT_MESSAGES.automaticNote}</Text>
        {charge.link && (
          <Link href={charge.link} isExternal>
            Abrir a página de pagamento do Asaas
          </Link>
        )}
        {simulatorUrl && (
          <Alert variation="info" heading="Ambiente local">
            Pague este PIX no{' '}
            <Link href={simulatorUrl} isExternal>
              simulador do Asaas
            </Link>
            : a confirmação chega a esta tela sozinha.
          </Alert>
        )}
        <Text fontSize="small" color="font.tertiary">
          Gerado em {formatDate(charge.created_at)}
        </Text>
      </Flex>
    </Card>
  );
}

function PaidCard({ charge, invoice }: { charge: Charge; invoice: Invoice | undefined }) {
  return (
    <Card variation="outlined">
      <Flex direction="column" gap="medium" alignItems="flex-start">
        <Badge variation="success">{chargeStatusLabel(charge.status)}</Badge>
        <Text fontSize="large" fontWeight="bold">
          {PAYMENT_MESSAGES.paidNotice}
        </Text>
        <InvoiceNote invoice={invoice} />
        {charge.forma === 'cartao' && (charge.parcelas ?? 1) > 1 && <InstalmentPlan charge={charge} />}
        <ButtonLink to="/app/dashboard" variation="primary">
          {CONTRACT_MESSAGES.followProcess}
        </ButtonLink>
      </Flex>
    </Card>
  );
}
