import { useState } from 'react';
import { Button, Text, TextAreaField } from '@aws-amplify/ui-react';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { AppDialog } from '@/components/app-dialog';
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
  refund: (motivo: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const confirm = async () => {
    // The reason is checked here, with the product's message, not by the browser's own bubble.
    if (reason.trim().length < 3) return setProblem(WITHDRAWAL_MESSAGES.refundReasonRequired);
    setProblem(null);
    setPending(true);
    try {
      await refund(reason.trim());
      setOpen(false);
      toast({ title: WITHDRAWAL_MESSAGES.refundedToast, variant: 'success' });
    } catch (error) {
      setProblem(toastApiError(error, 'Não foi possível estornar. Tente novamente.'));
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" variation="warning" aria-label={label} isDisabled={isDisabled} onClick={() => setOpen(true)}>
        {WITHDRAWAL_MESSAGES.refundAction}
      </Button>
      <AppDialog
        open={open}
        onClose={() => {
          setOpen(false);
          setProblem(null);
          setReason('');
        }}
        busy={pending}
        title={WITHDRAWAL_MESSAGES.refundDialogTitle}
        description={<Text>{description}</Text>}
        problem={problem}
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
            setProblem(null);
          }}
          maxLength={500}
          rows={3}
          isRequired
        />
      </AppDialog>
    </>
  );
}
