import { Badge, Button, Flex, Heading, Text, ToggleButton, ToggleButtonGroup } from '@aws-amplify/ui-react';
import { useSearchParams } from 'react-router';
import {
  CASE_FILE_KINDS,
  CASE_FILE_KIND_LABELS,
  CASE_FILE_MESSAGES as M,
  EMAIL_DELIVERY_STATE_LABELS,
  type CaseFileEvent,
  type CaseFileKind,
} from '@domain/case-file.js';
import { formatDateTime } from '@domain/dates.js';
import { toastApiError } from '@/lib/toast';
import { useClientContractPdf } from '../api/admin-clients';

/** The filter lives in the URL (`?tipo=email`), so a filtered case file can be shared and survives a reload. */
const FILTER_PARAM = 'tipo';
const ALL = 'tudo';

const isKind = (value: string | null): value is CaseFileKind =>
  value !== null && (CASE_FILE_KINDS as readonly string[]).includes(value);

/** The case file's one timeline, newest first, filterable by kind (only the kinds present are offered). */
export function CaseFileTimeline({ profileId, events }: { profileId: string; events: CaseFileEvent[] }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get(FILTER_PARAM);
  const kind = isKind(requested) ? requested : null;
  const counts = new Map<CaseFileKind, number>();
  for (const event of events) counts.set(event.kind, (counts.get(event.kind) ?? 0) + 1);
  const shown = kind ? events.filter((event) => event.kind === kind) : events;

  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (isKind(value)) next.set(FILTER_PARAM, value);
        else next.delete(FILTER_PARAM);
        return next;
      },
      { replace: true },
    );

  return (
    <Flex as="section" direction="column" gap="small" aria-labelledby="case-timeline-title">
      <Heading level={2} fontSize="large" id="case-timeline-title">
        {M.timelineTitle}
      </Heading>
      {events.length > 0 ? (
        <ToggleButtonGroup
          value={kind ?? ALL}
          isExclusive
          isSelectionRequired
          size="small"
          onChange={(value) => choose(String(value))}
          aria-label={M.filterLabel}
          className="case-timeline__filter"
        >
          <ToggleButton value={ALL}>
            {M.filterAll} ({events.length})
          </ToggleButton>
          {CASE_FILE_KINDS.filter((candidate) => counts.has(candidate) || candidate === kind).map((candidate) => (
            <ToggleButton key={candidate} value={candidate}>
              {CASE_FILE_KIND_LABELS[candidate]} ({counts.get(candidate) ?? 0})
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      ) : null}
      {shown.length === 0 ? (
        <Text color="font.secondary">{events.length === 0 ? M.timelineEmpty : M.timelineFilterEmpty}</Text>
      ) : (
        <ol className="case-timeline" aria-label={M.timelineTitle}>
          {shown.map((event) => (
            <TimelineItem key={event.id} profileId={profileId} event={event} />
          ))}
        </ol>
      )}
    </Flex>
  );
}

function TimelineItem({ profileId, event }: { profileId: string; event: CaseFileEvent }) {
  const pdf = useClientContractPdf();
  return (
    <li className={`case-timeline__item case-timeline__item--${event.kind}`}>
      <Flex direction="column" gap="xxxs">
        <Flex gap="xs" alignItems="center" wrap="wrap">
          <Badge size="small" className="case-timeline__kind">
            {CASE_FILE_KIND_LABELS[event.kind]}
          </Badge>
          {event.internal ? (
            <Badge size="small" variation="warning">
              {M.internalBadge}
            </Badge>
          ) : null}
          <Text as="span" fontWeight="semibold" className="case-timeline__title">
            {event.title}
          </Text>
        </Flex>
        <Text fontSize="small" color="font.secondary">
          <time dateTime={event.at}>{formatDateTime(event.at)}</time>
          {event.actor ? ` · ${event.actor}` : ''}
          {event.protocolo ? ` · ${event.protocolo}` : ''}
        </Text>
        {event.details.map((line) => (
          <Text key={line} fontSize="small" className="case-timeline__detail">
            {line}
          </Text>
        ))}
        {event.delivery ? (
          <Text fontSize="small">
            <Badge size="small" variation={event.delivery === 'enviado' ? 'success' : 'error'}>
              {EMAIL_DELIVERY_STATE_LABELS[event.delivery]}
            </Badge>
          </Text>
        ) : null}
        {event.contract_pdf || event.asaas_link ? (
          <Flex gap="small" wrap="wrap">
            {event.contract_pdf ? (
              <Button
                size="small"
                variation="link"
                isLoading={pdf.isPending}
                onClick={() =>
                  pdf.mutate(
                    { profileId, contractId: event.contract_pdf! },
                    { onError: (error) => toastApiError(error, M.contractPdfFailed) },
                  )
                }
              >
                {M.contractPdf}
              </Button>
            ) : null}
            {event.asaas_link ? (
              <a href={event.asaas_link} target="_blank" rel="noreferrer" className="case-timeline__link">
                {M.asaasLink}
              </a>
            ) : null}
          </Flex>
        ) : null}
      </Flex>
    </li>
  );
}
