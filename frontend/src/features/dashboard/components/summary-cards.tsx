import { Badge, Card, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { formatDate } from '@domain/dates.js';
import { CONTRACT_PRICE, formatBRL } from '@domain/pricing.js';
import { JOURNEY_MESSAGES, moneyLabel, statusBadgeLabel, type MoneyState } from '@domain/process-journey.js';
import type { ProcessStatus } from '@domain/process-status.js';

type BadgeVariation = 'info' | 'success' | 'warning' | 'error';

const STATUS_VARIATION: Record<ProcessStatus, BadgeVariation> = {
  cadastro: 'info',
  contrato_assinado: 'info',
  pagamento_pendente: 'warning',
  pago: 'success',
  em_analise: 'info',
  peticionado: 'info',
  baixa_deferida: 'success',
  baixa_caiu: 'error',
  encerrado: 'info',
  pagamento_estornado: 'error',
};

type SummaryCardsProps = {
  status: ProcessStatus | null;
  /** Only while the filing is awaited (domain/process-journey.ts). */
  forecast: string | null;
  /** What the forecast counts from, or why there is none yet (the filing kit). */
  forecastNote?: string | null;
  protocol: string | null;
  money: MoneyState;
};

export function SummaryCards({ status, forecast, forecastNote, protocol, money }: SummaryCardsProps) {
  // A payment that went back (or is going back) says so under the price, which the spec fixes at R$ 399,00.
  const moneyNote = money.kind === 'none' || money.kind === 'paid' ? null : moneyLabel(money);
  return (
    <Grid templateColumns={{ base: '1fr', medium: 'repeat(3, 1fr)' }} gap="medium">
      <Card variation="outlined" className="dashboard-card">
        <Heading level={2} className="eyebrow">
          Status
        </Heading>
        <Text as="div" marginTop="small">
          {status ? (
            <Badge variation={STATUS_VARIATION[status]} size="large">
              {statusBadgeLabel(status, money)}
            </Badge>
          ) : (
            <Text as="span" fontSize="xl" fontWeight="bold">
              —
            </Text>
          )}
        </Text>
        {forecast && (
          <Text fontSize="small" color="font.secondary" marginTop="small">
            {JOURNEY_MESSAGES.forecastLabel}: {formatDate(forecast)}
          </Text>
        )}
        {forecastNote && (
          <Text fontSize="small" color="font.secondary" marginTop={forecast ? 'xxs' : 'small'}>
            {forecastNote}
          </Text>
        )}
      </Card>
      <Card variation="outlined" className="dashboard-card">
        <Heading level={2} className="eyebrow">
          Protocolo
        </Heading>
        <Text fontSize="xl" fontWeight="bold" marginTop="small" className="protocol-number">
          {protocol ?? '—'}
        </Text>
      </Card>
      <Card variation="outlined" className="dashboard-card">
        <Heading level={2} className="eyebrow">
          Valor
        </Heading>
        <Text fontSize="xl" fontWeight="bold" marginTop="small">
          {formatBRL(CONTRACT_PRICE)}
        </Text>
        <Text fontSize="small" color="font.secondary">
          {moneyNote ?? 'Pagamento único via PIX'}
        </Text>
      </Card>
    </Grid>
  );
}
