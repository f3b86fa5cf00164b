import { Button, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { REFERRAL_MESSAGES } from '@domain/messages.js';
import { referralLink, whatsappShareLink } from '@domain/referral-code.js';
import { BRAND_NAME } from '@/lib/brand';
import { toast, toastError } from '@/lib/toast';

/** The customer's sign-up link, `{site}/auth?mode=register&ref={code}` on this page's own origin, and its copy button. */
export function ReferralLinkCard({ code }: { code: string }) {
  const link = referralLink(window.location.origin, code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      toast({ title: REFERRAL_MESSAGES.copied, description: REFERRAL_MESSAGES.copiedDescription, variant: 'success' });
    } catch {
      toastError('Não foi possível copiar. Selecione o link e copie manualmente.');
    }
  };
  return (
    <Card variation="outlined" className="referral-card">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Seu link de indicação
        </Heading>
        <Text color="font.secondary">
          Quem se cadastrar por este link (ou com o código <strong className="referral-code">{code}</strong>) conta como
          sua indicação.
        </Text>
        <Flex className="referral-link" gap="small" alignItems="stretch">
          <input
            id="referral-link"
            className="referral-link__input"
            aria-label="Link de indicação"
            readOnly
            value={link}
            onFocus={(event) => event.currentTarget.select()}
          />
          <Button variation="primary" onClick={() => void copy()} className="referral-link__copy">
            Copiar link
          </Button>
        </Flex>
        <Button
          as="a"
          href={whatsappShareLink(link, BRAND_NAME)}
          target="_blank"
          rel="noreferrer"
          className="referral-link__whatsapp"
          alignSelf={{ base: 'stretch', medium: 'flex-start' }}
        >
          Compartilhar no WhatsApp
        </Button>
      </Flex>
    </Card>
  );
}
