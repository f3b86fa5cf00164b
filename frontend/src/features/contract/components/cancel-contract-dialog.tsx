import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { ApiRequestError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useCancelContract } from '../api/contracts';

/** What the money does when this contract is cancelled: decided by the contract's latest charge. */
export type WithdrawalMoney = 'refund' | 'remove' | 'free' | 'none';

/**
 * 'Cancelar contrato' and its confirmation (direito de arrependimento), on the browser's modal <dialog> (focus trap,
 * Esc closes). The dialog says what happens — money back, process closed, no undo — and the server decides again.
 */
export function CancelContractDialog({ contractId, money }: { contractId: string; money: WithdrawalMoney }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // Shown inside the dialog too: while a modal is open, the page behind it (the toast region included) is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const cancellation = useCancelContract();

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  const close = () => {
    if (cancellation.isPending) return;
    setOpen(false);
    setProblem(null);
  };

  const confirm = () => {
    setProblem(null);
    cancellation.mutate(contractId, {
      onSuccess: () => setOpen(false),
      onError: (error) => {
        const message =
          error instanceof ApiRequestError && error.status >= 400 && error.status < 600 && error.code !== 'network'
            ? error.message
            : WITHDRAWAL_MESSAGES.cancelFailed;
        // 503: cancelled, the refund is still to ask — the page shows the retry; the dialog closes.
        if (error instanceof ApiRequestError && error.status === 503) setOpen(false);
        else setProblem(message);
        toast({ title: 'Erro', description: message, variant: 'error' });
      },
    });
  };

  const lines = [
    WITHDRAWAL_MESSAGES.dialogProcess as string,
    money === 'refund' ? WITHDRAWAL_MESSAGES.dialogRefund : null,
    money === 'remove' ? WITHDRAWAL_MESSAGES.dialogRemove : null,
    money === 'free' ? WITHDRAWAL_MESSAGES.dialogFree : null,
    WITHDRAWAL_MESSAGES.dialogNoUndo,
  ].flatMap((line) => (line === null ? [] : [line]));

  return (
    <>
      <Button variation="destructive" onClick={() => setOpen(true)}>
        {WITHDRAWAL_MESSAGES.cancel}
      </Button>
      {createPortal(
        <dialog
          ref={dialog}
          className="app-dialog"
          aria-labelledby={`cancel-${contractId}-title`}
          aria-describedby={`cancel-${contractId}-text`}
          onClose={close}
          onCancel={(event) => {
            if (cancellation.isPending) event.preventDefault();
          }}
        >
          <Flex direction="column" gap="medium">
            <Heading level={2} fontSize="large" id={`cancel-${contractId}-title`}>
              {WITHDRAWAL_MESSAGES.dialogTitle}
            </Heading>
            <Flex direction="column" gap="xs" id={`cancel-${contractId}-text`}>
              {lines.map((line) => (
                <Text key={line}>{line}</Text>
              ))}
            </Flex>
            {problem ? (
              <Alert variation="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <Button type="button" onClick={close} isDisabled={cancellation.isPending}>
                {WITHDRAWAL_MESSAGES.dialogKeep}
              </Button>
              <Button
                type="button"
                variation="destructive"
                onClick={confirm}
                isLoading={cancellation.isPending}
                loadingText={WITHDRAWAL_MESSAGES.cancelling}
              >
                {WITHDRAWAL_MESSAGES.dialogConfirm}
              </Button>
            </Flex>
          </Flex>
        </dialog>,
        // Inside Amplify's theme root, so the dialog gets the theme's fonts and colours.
        document.querySelector('[data-amplify-theme]') ?? document.body,
      )}
    </>
  );
}
