import { Card, Heading, Text } from '@aws-amplify/ui-react';
import { CASE_TIMELINE_MESSAGES as M, type CaseTimeline } from '@domain/case-timeline.js';
import { COURT_CASE_LABELS } from '@domain/court-movements.js';
import { formatDate, formatDateTime, formatDay } from '@domain/dates.js';

const ALERT_KINDS = new Set(['liminar_negada', 'liminar_revogada']);

/**
 * The filed case as the court records it (domain/case-timeline.ts): number, court, unit and filing day; each movement
 * in our words or the court's (always as text); the expected date of the next court step; what to do now.
 */
export function CourtCaseCard({ timeline }: { timeline: CaseTimeline }) {
  const facts: [string, string][] = [
    [COURT_CASE_LABELS.number, timeline.numeroCnj],
    ...(timeline.tribunal ? ([[COURT_CASE_LABELS.court, timeline.tribunal]] as [string, string][]) : []),
    ...(timeline.vara ? ([[COURT_CASE_LABELS.unit, timeline.vara]] as [string, string][]) : []),
    ...(timeline.court.state === 'found' &&
    timeline.court.orgaoJulgador &&
    timeline.court.orgaoJulgador !== timeline.vara
      ? ([['Órgão julgador', timeline.court.orgaoJulgador]] as [string, string][])
      : []),
  ];
  return (
    <Card variation="outlined" className="dashboard-card" aria-labelledby="court-case-title" data-testid="court-case">
      <Heading level={2} fontSize="large" id="court-case-title">
        {M.title}
      </Heading>
      <dl className="court-case__facts">
        {facts.map(([label, value]) => (
          <div key={label} className="court-case__fact">
            <dt>{label}</dt>
            <dd className={label === COURT_CASE_LABELS.number ? 'protocol-number' : undefined}>{value}</dd>
          </div>
        ))}
      </dl>
      <ol className="timeline" aria-label="Movimentações do processo">
        <li className="timeline__step" data-state="done">
          <span className="timeline__marker" aria-hidden="true">
            ✓
          </span>
          <span className="timeline__text">
            <Text as="span" fontWeight="bold">
              {M.filed}
            </Text>
            {timeline.peticionadoEm && (
              <Text as="span" display="block" fontSize="small" color="font.secondary">
                {formatDay(timeline.peticionadoEm)}
              </Text>
            )}
          </span>
        </li>
        {timeline.court.state === 'waiting' && (
          <li className="timeline__step" data-state="current" aria-current="step">
            <span className="timeline__marker" aria-hidden="true" />
            <span className="timeline__text">
              <Text as="span" fontWeight="bold">
                {COURT_CASE_LABELS.waiting}
              </Text>
              <Text as="span" display="block" fontSize="small" color="font.secondary">
                {COURT_CASE_LABELS.waitingDetail}
              </Text>
            </span>
          </li>
        )}
        {timeline.movements.map((movement, index) => {
          const last = index === timeline.movements.length - 1;
          return (
            <li
              key={movement.id}
              className="timeline__step"
              data-state={ALERT_KINDS.has(movement.kind) ? 'alert' : 'done'}
              aria-current={last && !timeline.next ? 'step' : undefined}
            >
              <span className="timeline__marker" aria-hidden="true">
                {ALERT_KINDS.has(movement.kind) ? '!' : '✓'}
              </span>
              <span className="timeline__text">
                <Text as="span" fontWeight={movement.kind === 'outro' ? 'normal' : 'bold'}>
                  {movement.text}
                </Text>
                <Text as="time" dateTime={movement.at} display="block" fontSize="small" color="font.secondary">
                  {formatDateTime(movement.at)}
                </Text>
              </span>
            </li>
          );
        })}
        {timeline.next && (
          <li className="timeline__step" data-state="upcoming">
            <span className="timeline__marker" aria-hidden="true" />
            <span className="timeline__text">
              <Text as="span">{timeline.next.label}</Text>
              <Text as="span" display="block" fontSize="small" color="font.secondary">
                {formatDate(`${timeline.next.expectedBy}T12:00:00Z`)}
                {timeline.next.late ? ` — ${M.late}` : ''}
              </Text>
            </span>
          </li>
        )}
      </ol>
      {timeline.movements.length === 0 && timeline.court.state === 'found' && (
        <Text fontSize="small" color="font.secondary">
          {M.noMovements}
        </Text>
      )}
      <Text className="court-case__advice">{timeline.advice}</Text>
    </Card>
  );
}
