import { Badge, Flex, Link, Text } from '@aws-amplify/ui-react';
import { INVOICE_MESSAGES, invoiceStatusLabel } from '@domain/invoice.js';
import type { Invoice } from '@domain/schemas/invoice.js';

/**
 * 'Nota fiscal' of a paid charge: its number and PDF once the prefeitura issued it, else that it is being issued (a
 * paid charge always gets one, so its absence a moment after the payment is the same wait). A cancelled one says why.
 */
export function InvoiceNote({ invoice }: { invoice: Invoice | undefined }) {
  const status = invoice?.status ?? 'SCHEDULING';
  const issued = Boolean(invoice?.numero) && status !== 'CANCELED';
  return (
    <Flex as="section" direction="column" gap="xxs" aria-labelledby="invoice-title" data-testid="nota-fiscal">
      <Flex alignItems="center" gap="small" wrap="wrap">
        <Text as="h2" id="invoice-title" fontWeight="bold" margin="0">
          {INVOICE_MESSAGES.title}
        </Text>
        <Badge size="small" variation={status === 'CANCELED' ? 'warning' : issued ? 'success' : 'info'}>
          {invoiceStatusLabel(status)}
        </Badge>
      </Flex>
      {invoice?.numero && <Text>{INVOICE_MESSAGES.number(invoice.numero)}</Text>}
      {issued && invoice?.pdf_url ? (
        <Link href={invoice.pdf_url} isExternal>
          {INVOICE_MESSAGES.pdf}
        </Link>
      ) : (
        <Text color="font.secondary" fontSize="small">
          {status === 'CANCELED' ? INVOICE_MESSAGES.cancelled : INVOICE_MESSAGES.pending}
        </Text>
      )}
    </Flex>
  );
}
