import { Card, Flex, Heading, Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import {
  CONTRACT_PRICE,
  formatBRL,
  REFERRAL_DISCOUNT_PER_FRIEND,
  REFERRALS_PER_FREE_RENEWAL,
} from '@domain/pricing.js';

/** Spec 01 §1: 1 friend = R$ 79,80, 3 = R$ 239,40, 5 = R$ 399,00 (the whole renewal). */
const TIERS = [1, 3, REFERRALS_PER_FREE_RENEWAL].map((friends) => ({
  friends,
  label: friends === 1 ? '1 amigo' : `${friends} amigos`,
  discount: formatBRL(Math.round(friends * REFERRAL_DISCOUNT_PER_FRIEND * 100) / 100),
  free: friends === REFERRALS_PER_FREE_RENEWAL,
}));

export function DiscountTable() {
  return (
    <Card variation="outlined" className="referral-card">
      <Flex direction="column" gap="small">
        <Heading level={2} fontSize="large">
          Quanto vale indicar
        </Heading>
        <Table size="small" variation="striped" aria-label="Desconto na renovação por amigos que pagaram">
          <TableHead>
            <TableRow>
              <TableCell as="th">Amigos que pagaram</TableCell>
              <TableCell as="th">Desconto na renovação</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {TIERS.map((tier) => (
              <TableRow key={tier.friends} className={tier.free ? 'referral-tier--free' : undefined}>
                <TableCell>{tier.label}</TableCell>
                <TableCell>
                  <strong>{tier.discount}</strong>
                  {tier.free && ' — renovação grátis'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Text fontSize="small" color="font.secondary">
          Valores ilustrativos ({formatBRL(REFERRAL_DISCOUNT_PER_FRIEND)} por amigo): o prêmio é uma renovação grátis (
          {formatBRL(CONTRACT_PRICE)}) a cada {REFERRALS_PER_FREE_RENEWAL} amigos que se cadastram e pagam. Só contam
          indicações pagas.
        </Text>
      </Flex>
    </Card>
  );
}
