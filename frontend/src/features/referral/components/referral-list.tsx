import { Badge, Card, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { REFERRAL_STATUS_LABELS, type OwnReferral } from '@domain/api/referrals.js';
import { formatDate } from '@domain/dates.js';

const STATUS_VARIATION = { invited: 'info', signed_up: 'warning', paid: 'success' } as const;

/** The customer's own referrals, newest first: whom they invited and how far each one got. */
export function ReferralList({ referrals }: { referrals: OwnReferral[] }) {
  return (
    <Card variation="outlined" className="referral-card">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Suas indicações
        </Heading>
        {referrals.length === 0 ? (
          <Text color="font.secondary">
            Você ainda não indicou ninguém. Compartilhe o seu link ou envie um convite por email.
          </Text>
        ) : (
          <ul className="referral-list" aria-label="Suas indicações">
            {referrals.map((referral) => (
              <li key={referral.referred_email} className="referral-list__item">
                <Flex direction="column" gap="0" minWidth="0">
                  <Text className="referral-list__email">{referral.referred_email}</Text>
                  <Text fontSize="small" color="font.tertiary">
                    Desde {formatDate(referral.created_at)}
                  </Text>
                </Flex>
                <Badge variation={STATUS_VARIATION[referral.status]}>{REFERRAL_STATUS_LABELS[referral.status]}</Badge>
              </li>
            ))}
          </ul>
        )}
      </Flex>
    </Card>
  );
}
