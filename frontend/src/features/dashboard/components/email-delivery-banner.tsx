import { Alert, Flex, Text } from '@aws-amplify/ui-react';
import { EMAIL_DELIVERY_MESSAGES, type EmailDelivery } from '@domain/email-delivery.js';
import { ButtonLink } from '@/components/links';

/**
 * Tells the customer that SES stopped mail to their address (a permanent bounce or a complaint) and sends them to the
 * profile, where the e-mail is changed: status updates, magic links and password recovery all need a working address.
 */
export function EmailDeliveryBanner({ email, delivery }: { email: string; delivery: EmailDelivery }) {
  return (
    <Alert variation="error" heading={EMAIL_DELIVERY_MESSAGES.heading[delivery.problem]} role="alert">
      <Flex direction="column" gap="small" alignItems="flex-start">
        {/* An address is one long word: it must break anywhere or it widens a phone's page. */}
        <Text as="span" style={{ overflowWrap: 'anywhere' }}>
          {EMAIL_DELIVERY_MESSAGES.body[delivery.problem](email)}
        </Text>
        <ButtonLink to="/app/perfil" size="small">
          {EMAIL_DELIVERY_MESSAGES.action}
        </ButtonLink>
      </Flex>
    </Alert>
  );
}
