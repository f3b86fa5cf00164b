import { useState } from 'react';
import { Button, Text, TextAreaField } from '@aws-amplify/ui-react';
import type { refundAdminChargeRoute } from '@domain/api/admin-finance.js';
import type { ResponseOf } from '@domain/api/route.js';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast, toastApiError } from '@/lib/toast';

/**
 * 'Estornar' and its dialog: a required reason (audited, and written on the process's history). `refund` calls the
 * server, which decides again (409 when the charge is not paid).
 */
export function RefundDialog({
  label,
  description,
  isDisabled,
  refund,
}: {
  /** The button's accessible name, e.g. 'Estornar 20261124-0001'. */
  label: string;
  description: string;
  isDisabled?: boolean;
  /** Resolves with the server's answer: a `settlement` Asaas refused is told as such, never as a refund asked. */
  refund: (motivo: string) => Promise<unknown>;
}) {
  const [reason, setReason] = useState('');
  const dialog = useAppDialog(() => setReason(''));
  const [pending, setPending] = useState(false);

  const confirm = async () => {
    // The reason is checked here, with the product's message, not by the browser's own bubble.
    if (reason.trim().length < 3) return dialog.setProblem(WITHDRAWAL_MESSAGES.refundReasonRequired);
    dialog.setProblem(null);
    setPending(true);
    try {
      const { settlement } = ((await refund(reason.trim())) ?? {}) as {
        settlement?: ResponseOf<typeof refundAdminChargeRoute>['settlement'];
      };
      dialog.hide();
      if (settlement?.outcome === 'refused') {
        toast({
          title: WITHDRAWAL_MESSAGES.refundRefusedTitle,
          description: settlement.reason ?? undefined,
          variant: 'error',
        });
      } else toast({ title: WITHDRAWAL_MESSAGES.refundedToast, variant: 'success' });
    } catch (error) {
      dialog.setProblem(toastApiError(error, 'Não foi possível estornar. Tente novamente.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" variation="warning" aria-label={label} isDisabled={isDisabled} onClick={dialog.show}>
        {WITHDRAWAL_MESSAGES.refundAction}
      </Button>
      <AppDialog
        {...dialog.props}
        busy={pending}
        title={WITHDRAWAL_MESSAGES.refundDialogTitle}
        description={<Text>{description}</Text>}
        confirmLabel={WITHDRAWAL_MESSAGES.refundConfirm}
        confirmLoadingText="Estornando..."
        confirmVariation="destructive"
        onConfirm={() => void confirm()}
      >
        <TextAreaField
          label={WITHDRAWAL_MESSAGES.refundReasonLabel}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            dialog.setProblem(null);
          }}
          maxLength={500}
          rows={3}
          isRequired
        />
      </AppDialog>
    </>
  );
}
