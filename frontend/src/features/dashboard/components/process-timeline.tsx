import { Card, Heading, Text } from '@aws-amplify/ui-react';
import { formatDate } from '@domain/dates.js';
import type { JourneyStep, JourneyStepState } from '@domain/process-journey.js';
import { CONTRACT_PRICE, formatBRL } from '@domain/pricing.js';

const MARKER: Record<JourneyStepState, string> = { done: '✓', current: '', upcoming: '', alert: '!' };
const SPOKEN: Record<JourneyStepState, string> = {
  done: 'concluído',
  current: 'em andamento',
  upcoming: 'próxima etapa',
  alert: 'atenção',
};

/** The steps the process took, then what is still planned (domain/process-journey.ts decides both). */
export function ProcessTimeline({ steps }: { steps: readonly JourneyStep[] }) {
  return (
    <Card variation="outlined" className="dashboard-card">
      <Heading level={2} fontSize="large">
        Andamento do processo
      </Heading>
      <ol className="timeline">
        {steps.map((step) => (
          <li
            key={step.key}
            className="timeline__step"
            data-state={step.state}
            aria-current={step.current ? 'step' : undefined}
          >
            <span className="timeline__marker" aria-hidden="true">
              {MARKER[step.state]}
            </span>
            <span className="timeline__text">
              <Text as="span" fontWeight={step.state === 'upcoming' ? 'normal' : 'bold'}>
                {step.title}
              </Text>
              {step.key === 'pago' && (
                <Text as="span" fontSize="small" color="font.secondary" whiteSpace="nowrap">
                  {' '}
                  ({formatBRL(CONTRACT_PRICE)})
                </Text>
              )}
              <span className="visually-hidden"> — {SPOKEN[step.state]}</span>
              {step.at && (
                <Text as="span" display="block" fontSize="small" color="font.secondary">
                  {formatDate(step.at)}
                </Text>
              )}
              {step.detail && (
                <Text as="span" display="block" fontSize="small" color="font.secondary">
                  {step.detail}
                </Text>
              )}
            </span>
          </li>
        ))}
      </ol>
    </Card>
  );
}
