import { Card, Heading, Text } from '@aws-amplify/ui-react';
import { CONTRACT_PRICE, formatBRL } from '@domain/pricing.js';
import {
  PROCESS_TIMELINE_STEPS,
  PROCESS_TIMELINE_TITLES,
  isTimelineStepDone,
  type ProcessStatus,
} from '@domain/process-status.js';

export function ProcessTimeline({ current }: { current: ProcessStatus | null }) {
  return (
    <Card variation="outlined" className="dashboard-card">
      <Heading level={2} fontSize="large">
        Andamento do processo
      </Heading>
      <ol className="timeline">
        {PROCESS_TIMELINE_STEPS.map((step) => {
          const done = current !== null && isTimelineStepDone(step, current);
          return (
            <li
              key={step}
              className="timeline__step"
              data-done={done}
              aria-current={step === current ? 'step' : undefined}
            >
              <span className="timeline__marker" aria-hidden="true">
                {done ? '✓' : ''}
              </span>
              <span className="timeline__text">
                <Text as="span" fontWeight={done ? 'bold' : 'normal'}>
                  {PROCESS_TIMELINE_TITLES[step]}
                </Text>
                {step === 'pago' && (
                  <Text as="span" fontSize="small" color="font.secondary" whiteSpace="nowrap">
                    {' '}
                    ({formatBRL(CONTRACT_PRICE)})
                  </Text>
                )}
                <span className="visually-hidden">{done ? ' — concluído' : ' — pendente'}</span>
              </span>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
