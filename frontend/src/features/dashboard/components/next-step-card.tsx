import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { NextStep } from '@domain/next-step.js';
import type { JourneyOutcome } from '@domain/process-journey.js';
import { formatBRL } from '@domain/pricing.js';
import { ButtonLink } from '@/components/links';
import { WayForward } from '@/components/way-forward';

/** The spec's next step; a process off the planned path shows its outcome instead of 'Tudo em dia'. */
export function NextStepCard({ step, outcome }: { step: NextStep | null; outcome: JourneyOutcome | null }) {
  if (!step && outcome) return <OutcomeCard outcome={outcome} />;
  if (!step) {
    return (
      <Card variation="outlined" className="dashboard-card dashboard-card--next">
        <Text className="eyebrow">Próximo passo</Text>
        <Heading level={2} fontSize="large" marginTop="xxs">
          Tudo em dia
        </Heading>
        <Text color="font.secondary" marginTop="xxs">
          Nenhuma ação pendente. Acompanhe o andamento do seu processo abaixo.
        </Text>
      </Card>
    );
  }
  return (
    <Card variation="outlined" className="dashboard-card dashboard-card--next">
      <Flex
        direction={{ base: 'column', medium: 'row' }}
        justifyContent="space-between"
        alignItems={{ base: 'stretch', medium: 'center' }}
        gap="medium"
      >
        <Flex direction="column" gap="xxs">
          <Text className="eyebrow">Próximo passo</Text>
          <Heading level={2} fontSize="large">
            {step.title}
          </Heading>
          <Text color="font.secondary">
            {step.description}
            {step.value !== undefined && ` Valor: ${formatBRL(step.value)}.`}
          </Text>
        </Flex>
        <ButtonLink to={step.to} variation="primary">
          Continuar
        </ButtonLink>
      </Flex>
    </Card>
  );
}

function OutcomeCard({ outcome }: { outcome: JourneyOutcome }) {
  return (
    <Card
      variation="outlined"
      className="dashboard-card dashboard-card--next"
      data-tone={outcome.tone}
      aria-labelledby="dashboard-outcome"
    >
      <Flex direction="column" gap="xs">
        <Text className="eyebrow">Situação</Text>
        <Heading level={2} fontSize="large" id="dashboard-outcome">
          {outcome.title}
        </Heading>
        <Text>{outcome.description}</Text>
        <Text fontWeight="bold" data-testid="outcome-money">
          {outcome.money}
        </Text>
        <WayForward actions={outcome.actions} />
      </Flex>
    </Card>
  );
}
