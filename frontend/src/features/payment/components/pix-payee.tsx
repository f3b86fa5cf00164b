import { Text, View } from '@aws-amplify/ui-react';
import { payeeNameDiffers } from '@domain/company.js';
import { PIX_PAYEE_MESSAGES } from '@domain/messages.js';
import { COMPANY } from '@/lib/company';

/**
 * Who the PIX pays, before its code: the razão social and CNPJ the customer can check on the legal pages, and the name
 * the bank app will show when it differs (the Asaas account's holder name, truncated or in capitals).
 */
export function PixPayee() {
  return (
    <View className="pix-payee" data-testid="pix-payee">
      <Text>
        {PIX_PAYEE_MESSAGES.lead}{' '}
        <strong>
          {COMPANY.legalName} — CNPJ {COMPANY.cnpj}
        </strong>
      </Text>
      {payeeNameDiffers(COMPANY) && (
        <Text>
          {PIX_PAYEE_MESSAGES.bankShows} <strong>{COMPANY.pixPayeeName}</strong>.
        </Text>
      )}
      <Text fontSize="small" color="font.secondary">
        {PIX_PAYEE_MESSAGES.check}
      </Text>
    </View>
  );
}
