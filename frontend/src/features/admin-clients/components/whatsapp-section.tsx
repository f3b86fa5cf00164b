import { Badge, Button, Card, Flex, Heading, Loader, Text } from '@aws-amplify/ui-react';
import { formatDateTime } from '@domain/dates.js';
import {
  formatBrazilianMobile,
  WHATSAPP_MESSAGE_STATE_LABELS,
  WHATSAPP_MESSAGES as M,
  WHATSAPP_RETRY,
} from '@domain/whatsapp.js';
import type { AdminClientWhatsApp } from '@domain/api/whatsapp.js';
import { LoadError } from '@/components/load-error';
import { useAdminClientWhatsApp, useAnswerWhatsAppReply } from '../api/whatsapp';

type Message = AdminClientWhatsApp['messages'][number];

const STATUS_VARIATION: Record<Message['status'], 'success' | 'info' | 'warning' | 'error' | undefined> = {
  sending: undefined,
  accepted: 'info',
  sent: 'info',
  delivered: 'success',
  read: 'success',
  failed: 'error',
  rejected: 'error',
  cancelled: 'warning',
};

/**
 * The case file's WhatsApp: the consent (when, how, the words shown), every message as the customer read it
 * with its delivery status, and the customer's replies with a link to answer from WhatsApp.
 */
export function WhatsAppSection({ profileId }: { profileId: string }) {
  const channel = useAdminClientWhatsApp(profileId);
  const answer = useAnswerWhatsAppReply(profileId);

  let body;
  if (channel.isPending) body = <Loader aria-label="Carregando o WhatsApp do cliente..." />;
  else if (channel.isError) body = <LoadError message={M.adminLoadFailed} onRetry={() => void channel.refetch()} />;
  else {
    const { consent, messages, replies, answerLink } = channel.data;
    body = (
      <Flex direction="column" gap="medium">
        {consent ? (
          <Flex direction="column" gap="xxs">
            <Text>
              {M.consentGranted(formatDateTime(consent.grantedAt), M.channelLabel.perfil, consent.grantedIp)}{' '}
              {M.sendingTo(formatBrazilianMobile(consent.phone))}
            </Text>
            {consent.state === 'withdrawn' && consent.withdrawnAt && consent.withdrawnVia ? (
              <Text color="font.warning">
                {M.consentWithdrawnAt(formatDateTime(consent.withdrawnAt), M.channelLabel[consent.withdrawnVia])}
              </Text>
            ) : null}
            <Text fontSize="small" color="font.secondary">
              {M.adminTextShown}: “{consent.grantedText}”
            </Text>
          </Flex>
        ) : (
          <Text color="font.secondary">{M.notConsented}</Text>
        )}

        <Heading level={3} fontSize="medium">
          {M.adminReplies}
        </Heading>
        {replies.length === 0 ? (
          <Text color="font.secondary">{M.adminNoReplies}</Text>
        ) : (
          <ul className="case-whatsapp__list">
            {replies.map((reply) => (
              <li key={reply.id}>
                <Text fontSize="small" color="font.secondary">
                  {formatDateTime(reply.at)}
                  {reply.optOut ? ' · pediu para sair' : reply.answeredAt ? ' · respondida' : ''}
                </Text>
                <Text className="case-whatsapp__reply">{reply.text}</Text>
                {!reply.optOut && !reply.answeredAt ? (
                  <Flex gap="small" wrap="wrap">
                    {answerLink ? (
                      <a
                        className="amplify-button amplify-button--primary amplify-button--small"
                        href={answerLink}
                        target="_blank"
                        rel="noreferrer"
                      >
                        {M.adminAnswer}
                      </a>
                    ) : null}
                    <Button
                      size="small"
                      isLoading={answer.isPending && answer.variables === reply.id}
                      loadingText="Salvando..."
                      onClick={() => answer.mutate(reply.id)}
                    >
                      Marcar como respondida
                    </Button>
                  </Flex>
                ) : null}
              </li>
            ))}
          </ul>
        )}

        <Heading level={3} fontSize="medium">
          {M.adminMessages}
        </Heading>
        {messages.length === 0 ? (
          <Text color="font.secondary">{M.adminNoMessages}</Text>
        ) : (
          <ul className="case-whatsapp__list">
            {messages.map((message) => (
              <li key={message.event}>
                <Flex gap="small" alignItems="center" wrap="wrap">
                  <Text fontSize="small" color="font.secondary">
                    {formatDateTime(message.sentAt)} · {message.template}
                  </Text>
                  {message.retryAt ? (
                    <Badge size="small" variation="warning">
                      {M.adminRetrying}
                    </Badge>
                  ) : (
                    <Badge size="small" variation={STATUS_VARIATION[message.status]}>
                      {WHATSAPP_MESSAGE_STATE_LABELS[message.status]}
                    </Badge>
                  )}
                </Flex>
                <Text>{message.text}</Text>
                {message.retryAt ? (
                  <Text fontSize="small" color="font.warning">
                    {M.adminRetryAt(formatDateTime(message.retryAt), message.attempts, WHATSAPP_RETRY.maxAttempts)}
                  </Text>
                ) : null}
                {message.errorText ? (
                  <Text fontSize="small" color={message.retryAt ? 'font.secondary' : 'font.error'}>
                    {M.adminReason(message.errorText)}
                  </Text>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Flex>
    );
  }

  return (
    <Card as="section" variation="outlined" aria-labelledby="case-whatsapp-title" className="case-whatsapp">
      <Flex direction="column" gap="medium">
        <Heading level={2} fontSize="large" id="case-whatsapp-title">
          {M.adminTitle}
        </Heading>
        {body}
      </Flex>
    </Card>
  );
}
