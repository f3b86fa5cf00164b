import { Card, Grid, Text } from '@aws-amplify/ui-react';
import type { ReferralSummary } from '@domain/api/referrals.js';
import { REFERRALS_PER_FREE_RENEWAL } from '@domain/pricing.js';

type Counts = ReferralSummary['counts'];

/** Spec 02 §2: paid, invited, signed up, and remaining to the next reward (5 − paid mod 5). */
export function ReferralCounters({ counts }: { counts: Counts }) {
  const progress = REFERRALS_PER_FREE_RENEWAL - counts.remaining;
  const items = [
    { key: 'paid', label: 'Indicações pagas', value: counts.paid },
    { key: 'invited', label: 'Convidados', value: counts.invited },
    { key: 'signed_up', label: 'Cadastrados', value: counts.signed_up },
    { key: 'remaining', label: 'Faltam para a renovação grátis', value: counts.remaining },
  ];
  return (
    <Grid
      templateColumns={{ base: 'repeat(2, minmax(0, 1fr))', medium: 'repeat(4, minmax(0, 1fr))' }}
      gap="small"
      as="section"
    >
      {items.map((item) => (
        <Card key={item.key} variation="outlined" className="referral-counter" data-counter={item.key}>
          <Text
            as="h2"
            fontSize="small"
            fontWeight="semibold"
            color="font.secondary"
            className="referral-counter__label"
          >
            {item.label}
          </Text>
          <Text fontSize="xxxl" fontWeight="bold" className="referral-counter__value">
            {item.value}
          </Text>
          {item.key === 'remaining' && (
            <div
              className="referral-progress"
              role="progressbar"
              aria-label="Indicações pagas rumo à próxima renovação grátis"
              aria-valuemin={0}
              aria-valuemax={REFERRALS_PER_FREE_RENEWAL}
              aria-valuenow={progress}
            >
              <div
                className="referral-progress__bar"
                style={{ width: `${(progress / REFERRALS_PER_FREE_RENEWAL) * 100}%` }}
              />
            </div>
          )}
        </Card>
      ))}
    </Grid>
  );
}
