import { Card, Flex, Heading, Link, Text } from '@aws-amplify/ui-react';
import { SUPPORT_CONTACT, whatsappLink } from '@/lib/contact';

export function SupportCard() {
  return (
    <Card variation="outlined" className="dashboard-card">
      <Heading level={2} fontSize="large">
        Precisa de ajuda?
      </Heading>
      <Text color="font.secondary" marginTop="xxs">
        Fale com nosso suporte pelo WhatsApp ou por e-mail.
      </Text>
      <Flex direction="column" gap="0" marginTop="small" alignItems="flex-start">
        <Link href={whatsappLink()} target="_blank" rel="noreferrer" className="support-link">
          WhatsApp: {SUPPORT_CONTACT.whatsappDisplay}
        </Link>
        <Link href={`mailto:${SUPPORT_CONTACT.email}`} className="support-link">
          E-mail: {SUPPORT_CONTACT.email}
        </Link>
      </Flex>
    </Card>
  );
}
