import { Link, Text } from '@aws-amplify/ui-react';

/**
 * Honest expectations where the customer decides (docs/decisions.md, "Honest expectations: 'Dúvidas frequentes'"): a
 * line to 'Dúvidas frequentes' before signing and before paying. A new tab, so the contract or the PIX stays where it
 * was.
 */
export function FaqLink({ before }: { before: 'assinar' | 'pagar' }) {
  return (
    <Text fontSize="small" color="font.secondary">
      Antes de {before}, leia as{' '}
      <Link href="/duvidas" target="_blank" rel="noopener">
        Dúvidas frequentes<span className="visually-hidden"> (abre em nova aba)</span>
      </Link>
      : o que a baixa temporária é e o que ela não é, prazos e como desistir.
    </Text>
  );
}
