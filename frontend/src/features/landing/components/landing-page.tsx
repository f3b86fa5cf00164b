import { Badge, Card, Flex, Grid, Heading, Text, View } from '@aws-amplify/ui-react';
import { CONTRACT_PRICE, PROCESSING_BUSINESS_DAYS, formatBRL } from '@domain/pricing.js';
import { DASHBOARD_MESSAGES } from '@domain/messages.js';
import { ButtonLink } from '@/components/links';
import { usePageTitle } from '@/lib/page-title';

const HIGHLIGHTS = [
  {
    title: `Até ${PROCESSING_BUSINESS_DAYS} dias úteis`,
    text: 'Prazo de processamento após a confirmação do pagamento.',
  },
  { title: `${formatBRL(CONTRACT_PRICE)} via PIX`, text: 'Valor único, sem mensalidades.' },
  { title: 'Contrato digital', text: 'Assinatura online e petição personalizada protocolada na Justiça.' },
];

/** Minimal landing: the full marketing page (testimonials, steps, price, urgency) comes in a later change. */
export function LandingPage() {
  usePageTitle('Baixa temporária de apontamentos');
  return (
    <>
      <View as="section" className="landing-hero">
        <Flex className="page-container" direction="column" gap="large" paddingBlock={{ base: 'xxl', medium: 'xxxl' }}>
          <Badge variation="success" alignSelf="flex-start">
            SPC • SERASA • BOA VISTA • SCPC
          </Badge>
          <Heading level={1} className="landing-hero__title">
            Baixa temporária dos apontamentos no seu nome, com acompanhamento online.
          </Heading>
          <Text className="landing-hero__lead">
            Pedido de liminar por petição personalizada, contrato assinado digitalmente e pagamento único via PIX.
          </Text>
          <Flex gap="medium" wrap="wrap">
            <ButtonLink to="/auth?mode=register" variation="primary" size="large">
              Começar Agora
            </ButtonLink>
            <ButtonLink to="/consultar" size="large" className="landing-hero__secondary">
              Consultar meu processo
            </ButtonLink>
          </Flex>
        </Flex>
      </View>
      <View as="section" aria-labelledby="destaques" className="page-container" paddingBlock="xxl">
        <Heading level={2} id="destaques" className="visually-hidden">
          Destaques
        </Heading>
        <Grid templateColumns={{ base: '1fr', medium: 'repeat(3, 1fr)' }} gap="medium">
          {HIGHLIGHTS.map((item) => (
            <Card key={item.title} variation="outlined">
              <Heading level={3} fontSize="large" color="brand.primary.90">
                {item.title}
              </Heading>
              <Text color="font.secondary" marginTop="xs">
                {item.text}
              </Text>
            </Card>
          ))}
        </Grid>
        <Text fontSize="small" color="font.secondary" marginTop="large">
          {DASHBOARD_MESSAGES.temporaryWarning}
        </Text>
      </View>
    </>
  );
}
