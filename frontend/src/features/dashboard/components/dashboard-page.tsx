import { Alert, Button, Flex, Grid, Heading, Text } from '@aws-amplify/ui-react';
import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { currentProcess, nextStep } from '@domain/next-step.js';
import { dashboardJourney } from '@domain/process-journey.js';
import type { Dashboard } from '@domain/schemas/dashboard.js';
import { PageLoader } from '@/components/page-loader';
import { endSession } from '@/lib/auth-session';
import { usePageTitle } from '@/lib/page-title';
import { useCustomerCollection } from '@/lib/customer-collection';
import { currentContract } from '@domain/current-contract.js';
import { dashboardErrorView } from '../lib/dashboard-error';
import { caseTimeline } from '@domain/case-timeline.js';
import { saoPauloDay } from '@domain/sao-paulo-calendar.js';
import { CourtCaseCard } from './court-case-card';
import { EmailDeliveryBanner } from './email-delivery-banner';
import { NextStepCard } from './next-step-card';
import { ProcessTimeline } from './process-timeline';
import { SummaryCards } from './summary-cards';
import { SupportCard } from './support-card';

export function DashboardPage() {
  usePageTitle(DASHBOARD_MESSAGES.title);
  const dashboard = useCustomerCollection();

  return (
    <Flex direction="column" gap="large">
      <Flex direction="column" gap="xxs">
        <Heading level={1} fontSize="xxl">
          {DASHBOARD_MESSAGES.title}
        </Heading>
        <Text color="font.secondary">{greeting(dashboard.data)}Acompanhe aqui cada etapa da sua solicitação.</Text>
      </Flex>
      {dashboard.isPending ? (
        <PageLoader label="Carregando seus dados..." />
      ) : dashboard.isError ? (
        <DashboardError error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      ) : (
        <DashboardContent data={dashboard.data} />
      )}
    </Flex>
  );
}

function DashboardContent({ data }: { data: Dashboard }) {
  const process = currentProcess(data);
  const contract = currentContract(data, process);
  const journey = dashboardJourney(data);
  const court = caseTimeline(data, saoPauloDay(new Date()));
  return (
    <Flex direction="column" gap="medium">
      {data.emailDelivery ? <EmailDeliveryBanner email={data.email} delivery={data.emailDelivery} /> : null}
      <Alert variation="warning" heading="Atenção">
        {DASHBOARD_MESSAGES.temporaryWarning}
      </Alert>
      <NextStepCard step={nextStep(data)} outcome={journey.outcome} />
      <SummaryCards
        status={process?.status ?? null}
        forecast={journey.forecast}
        forecastNote={journey.forecastNote}
        protocol={contract?.protocolo ?? null}
        money={journey.money}
      />
      <Grid templateColumns={{ base: '1fr', large: '2fr 1fr' }} gap="medium" alignItems="start">
        <Flex direction="column" gap="medium">
          {court ? <CourtCaseCard timeline={court} /> : null}
          <ProcessTimeline steps={journey.steps} />
        </Flex>
        <SupportCard />
      </Grid>
    </Flex>
  );
}

function DashboardError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const view = dashboardErrorView(error);
  const queryClient = useQueryClient();
  return (
    <Alert variation="error" role="alert">
      <Flex direction="column" gap="small">
        <Text as="span">{view.message}</Text>
        <Flex gap="small" wrap="wrap">
          {view.sessionExpired ? (
            // Signing out lets the route guard send the user to /auth and bring them back here.
            <Button size="small" onClick={() => void endSession(queryClient).catch(() => undefined)}>
              Entrar novamente
            </Button>
          ) : (
            <Button size="small" onClick={onRetry}>
              Tentar novamente
            </Button>
          )}
        </Flex>
      </Flex>
    </Alert>
  );
}

function greeting(data: Dashboard | undefined): string {
  const firstName = data?.profile?.nome_completo.trim().split(/\s+/)[0];
  return firstName ? `Olá, ${firstName}! ` : '';
}
