import { Alert, Flex, Grid, Text } from '@aws-amplify/ui-react';
import type { ReferralSummary } from '@domain/api/referrals.js';
import { REFERRAL_MESSAGES } from '@domain/messages.js';
import { REFERRALS_PER_FREE_RENEWAL } from '@domain/pricing.js';
import { CompleteProfileCard } from '@/components/complete-profile-card';
import { ButtonLink } from '@/components/links';
import { LoadError } from '@/components/load-error';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { useReferrals } from '../api/referrals';
import { referralLoadErrorMessage } from '../lib/referral-errors';
import { DiscountTable } from './discount-table';
import { InviteForm } from './invite-form';
import { ReferralCounters } from './referral-counters';
import { ReferralLinkCard } from './referral-link-card';
import { ReferralList } from './referral-list';
import '../referral.css';

/** /app/indique (spec 02 §2 Referral): the customer's link, counters, the discount table and the invite form. */
export function ReferralPage() {
  const referrals = useReferrals();
  return (
    <Flex direction="column" gap="large" className="referral-page">
      <PageHeader
        title={REFERRAL_MESSAGES.title}
        subtitle={`Indique amigos: a cada ${REFERRALS_PER_FREE_RENEWAL} indicações pagas, a sua próxima renovação sai de graça.`}
      />
      {referrals.isPending ? (
        <PageLoader label="Carregando suas indicações..." />
      ) : referrals.isError ? (
        <LoadError message={referralLoadErrorMessage(referrals.error)} onRetry={() => void referrals.refetch()} />
      ) : (
        <ReferralContent summary={referrals.data} />
      )}
    </Flex>
  );
}

function ReferralContent({ summary }: { summary: ReferralSummary }) {
  if (summary.referral_code === null) {
    return <CompleteProfileCard message={REFERRAL_MESSAGES.profileRequired} />;
  }
  return (
    <Flex direction="column" gap="medium">
      {summary.free_renewals > 0 && (
        <Alert variation="success" heading="Parabéns!">
          <Flex direction="column" gap="xs" alignItems="flex-start">
            <Text as="span">
              {summary.free_renewals === 1
                ? 'Você tem 1 renovação grátis disponível.'
                : `Você tem ${summary.free_renewals} renovações grátis disponíveis.`}
            </Text>
            <ButtonLink to="/app/renovacao" size="small">
              Ir para Renovação
            </ButtonLink>
          </Flex>
        </Alert>
      )}
      <ReferralLinkCard code={summary.referral_code} />
      <ReferralCounters counts={summary.counts} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', large: 'minmax(0, 3fr) minmax(0, 2fr)' }}
        gap="medium"
        alignItems="start"
      >
        <Flex direction="column" gap="medium">
          <InviteForm />
          <ReferralList referrals={summary.referrals} />
        </Flex>
        <DiscountTable />
      </Grid>
    </Flex>
  );
}
