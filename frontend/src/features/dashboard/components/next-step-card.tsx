import { Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import type { NextStep } from '@domain/next-step.js';
import { formatBRL } from '@domain/pricing.js';
import { ButtonLink } from '@/components/links';

export function NextStepCard({ step }: { step: NextStep | null }) {
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
