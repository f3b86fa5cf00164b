import { Alert, Badge, Button, Card, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { CONTRACT_MESSAGES, DASHBOARD_MESSAGES, RENEWAL_MESSAGES } from '@domain/messages.js';
import { CONTRACT_PRICE, formatBRL } from '@domain/pricing.js';
import { renewalEligibility, renewalWayForward, type RenewalEligibility } from '@domain/renewals.js';
import type { Dashboard } from '@domain/schemas/dashboard.js';
import { CompleteProfileCard } from '@/components/complete-profile-card';
import { ButtonLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { WayForward } from '@/components/way-forward';
import { useCustomerCollection } from '@/lib/customer-collection';
import { useStartRenewal } from '../api/renewals';

/** /app/renovacao (spec 02 §2 Renewal): a free renewal card and a paid one; the server decides, the screen explains. */
export function RenewalPage() {
  const collection = useCustomerCollection();
  return (
    <Flex direction="column" gap="large">
      <PageHeader title={RENEWAL_MESSAGES.title} subtitle={RENEWAL_MESSAGES.subtitle} />
      {collection.isPending ? (
        <PageLoader label="Carregando suas renovações..." />
      ) : collection.isError ? (
        <LoadError message={DASHBOARD_MESSAGES.loadFailed} onRetry={() => void collection.refetch()} />
      ) : !collection.data.profile ? (
        <CompleteProfileCard title={CONTRACT_MESSAGES.completeProfileFirst} message={RENEWAL_MESSAGES.profileMissing} />
      ) : (
        <RenewalOptions dashboard={collection.data} />
      )}
    </Flex>
  );
}

function RenewalOptions({ dashboard }: { dashboard: Dashboard }) {
  const eligibility = renewalEligibility(dashboard);
  const freeRenewals = dashboard.profile?.free_renewals ?? 0;
  return (
    <Flex direction="column" gap="medium">
      {!eligibility.renewable && <NotRenewable eligibility={eligibility} />}
      <Grid templateColumns={{ base: '1fr', medium: '1fr 1fr' }} gap="medium" alignItems="stretch">
        {/* No 'R$ 0,00' offer for a free renewal the customer does not have: how to earn one instead. */}
        {freeRenewals > 0 ? (
          <FreeRenewalCard available={freeRenewals} renewable={eligibility.renewable} />
        ) : (
          <EarnFreeRenewalCard />
        )}
        <PaidRenewalCard renewable={eligibility.renewable} />
      </Grid>
    </Flex>
  );
}

function NotRenewable({ eligibility }: { eligibility: Extract<RenewalEligibility, { renewable: false }> }) {
  return (
    <Alert variation="info" role="status">
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Text as="span">{eligibility.message}</Text>
        <WayForward actions={[renewalWayForward(eligibility.reason)]} />
      </Flex>
    </Alert>
  );
}

/** A renewal's button: what follows it (the toast, the contract to sign) is `useStartRenewal`'s. */
function useRenewalAction(kind: 'free' | 'paid') {
  const start = useStartRenewal(kind);
  return { run: () => start.mutate(), isPending: start.isPending };
}

/** Shown only to a customer who has a free renewal to use. */
function FreeRenewalCard({ available, renewable }: { available: number; renewable: boolean }) {
  const action = useRenewalAction('free');
  return (
    <Card variation="outlined" className="renewal-card" aria-labelledby="renovacao-gratuita">
      <Flex direction="column" gap="small" height="100%">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Heading level={2} fontSize="large" id="renovacao-gratuita">
            {RENEWAL_MESSAGES.freeTitle}
          </Heading>
          <Badge variation="success">{available === 1 ? '1 disponível' : `${available} disponíveis`}</Badge>
        </Flex>
        <Text fontSize="xxl" fontWeight="bold" className="renewal-card__price">
          {formatBRL(0)}
        </Text>
        <Text color="font.secondary">
          Você ganhou {available === 1 ? 'uma renovação gratuita' : `${available} renovações gratuitas`} pelo programa
          de indicação. Assine o contrato e o processo começa sem pagamento.
        </Text>
        <Button
          variation="primary"
          marginTop="auto"
          isFullWidth
          isDisabled={!renewable}
          isLoading={action.isPending}
          loadingText="Iniciando..."
          onClick={action.run}
        >
          {RENEWAL_MESSAGES.freeButton}
        </Button>
      </Flex>
    </Card>
  );
}

function EarnFreeRenewalCard() {
  return (
    <Card variation="outlined" className="renewal-card" aria-labelledby="renovacao-gratuita">
      <Flex direction="column" gap="small" height="100%">
        <Heading level={2} fontSize="large" id="renovacao-gratuita">
          {RENEWAL_MESSAGES.freeTitle}
        </Heading>
        <Text color="font.secondary">{RENEWAL_MESSAGES.freeNone}</Text>
        <ButtonLink to="/app/indique" className="renewal-card__earn">
          Indique e Ganhe
        </ButtonLink>
      </Flex>
    </Card>
  );
}

function PaidRenewalCard({ renewable }: { renewable: boolean }) {
  const action = useRenewalAction('paid');
  return (
    <Card variation="outlined" className="renewal-card" aria-labelledby="renovacao-paga">
      <Flex direction="column" gap="small" height="100%">
        <Flex justifyContent="space-between" alignItems="flex-start" gap="small" wrap="wrap">
          <Heading level={2} fontSize="large" id="renovacao-paga">
            {RENEWAL_MESSAGES.paidTitle}
          </Heading>
          <Badge>PIX</Badge>
        </Flex>
        <Text fontSize="xxl" fontWeight="bold" className="renewal-card__price">
          {formatBRL(CONTRACT_PRICE)}
        </Text>
        <Text color="font.secondary">{RENEWAL_MESSAGES.paidDescription}</Text>
        <Button
          variation="primary"
          marginTop="auto"
          isFullWidth
          isDisabled={!renewable}
          isLoading={action.isPending}
          loadingText="Criando contrato..."
          onClick={action.run}
        >
          {RENEWAL_MESSAGES.paidButton}
        </Button>
      </Flex>
    </Card>
  );
}
