import { Button, Text } from '@aws-amplify/ui-react';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import type { PaymentMethod } from '@domain/payment-methods.js';
import type { SettlementPlan } from '@domain/withdrawal.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { isRefusal } from '@/lib/api-error';
import { toastApiError } from '@/lib/toast';
import { useCancelContract } from '../api/contracts';

/**
 * The dialog's line on the money, for what the server said cancelling will do with it (`settlementPlan`), how the
 * money to refund was paid (`refundMethod`: a card plan goes back to the card, a boleto by transfer) and how the open
 * charge to remove would be paid.
 */
const settlementLine = (settlement: SettlementPlan, method: PaymentMethod, openMethod: PaymentMethod): string | null =>
  ({
    refund: WITHDRAWAL_MESSAGES.dialogRefund(method),
    remove: WITHDRAWAL_MESSAGES.dialogRemove(openMethod),
    free: WITHDRAWAL_MESSAGES.dialogFree,
    nothing: null,
  })[settlement];

/**
 * 'Cancelar contrato' and its confirmation (direito de arrependimento). The dialog says what happens — money back,
 * process closed, no undo — as the server decided it, and the server decides again.
 */
export function CancelContractDialog({
  contractId,
  settlement,
  method,
  openMethod,
}: {
  contractId: string;
  settlement: SettlementPlan;
  method: PaymentMethod;
  /** How the contract's open charge would be paid (PIX, card, boleto): what 'remove' names. */
  openMethod: PaymentMethod;
}) {
  const dialog = useAppDialog();
  const cancellation = useCancelContract(method);

  const confirm = () => {
    dialog.setProblem(null);
    cancellation.mutate(contractId, {
      onSuccess: () => dialog.hide(),
      onError: (error) => {
        const message = toastApiError(error, WITHDRAWAL_MESSAGES.cancelFailed);
        // Cancelled, the refund is still to ask: the page shows the retry, so the dialog closes.
        if (isRefusal(error, 'refund_pending')) dialog.hide();
        else dialog.setProblem(message);
      },
    });
  };

  const lines = [
    WITHDRAWAL_MESSAGES.dialogProcess as string,
    settlementLine(settlement, method, openMethod),
    WITHDRAWAL_MESSAGES.dialogNoUndo,
  ].flatMap((line) => (line === null ? [] : [line]));

  return (
    <>
      <Button variation="destructive" onClick={dialog.show}>
        {WITHDRAWAL_MESSAGES.cancel}
      </Button>
      <AppDialog
        {...dialog.props}
        busy={cancellation.isPending}
        title={WITHDRAWAL_MESSAGES.dialogTitle}
        description={lines.map((line) => (
          <Text key={line}>{line}</Text>
        ))}
        cancelLabel={WITHDRAWAL_MESSAGES.dialogKeep}
        confirmLabel={WITHDRAWAL_MESSAGES.dialogConfirm}
        confirmLoadingText={WITHDRAWAL_MESSAGES.cancelling}
        confirmVariation="destructive"
        onConfirm={confirm}
      />
    </>
  );
}
