import { useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Flex, Heading, Text, TextAreaField } from '@aws-amplify/ui-react';
import { WITHDRAWAL_MESSAGES } from '@domain/messages.js';
import { ApiRequestError } from '@/lib/api-error';
import { toast } from '@/lib/toast';

/**
 * 'Estornar' and its dialog: a required reason (audited, and written on the process's history), on the browser's modal
 * <dialog>. `refund` calls the server, which decides again (409 when the charge is not paid).
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
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  const close = () => {
    if (pending) return;
    setOpen(false);
    setProblem(null);
    setReason('');
  };

  const confirm = async () => {
    if (reason.trim().length < 3) return setProblem(WITHDRAWAL_MESSAGES.refundReasonRequired);
    setProblem(null);
    setPending(true);
    try {
      await refund(reason.trim());
      setOpen(false);
      setReason('');
      toast({ title: WITHDRAWAL_MESSAGES.refundedToast, variant: 'success' });
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : 'Não foi possível estornar. Tente novamente.';
      setProblem(message);
      toast({ title: 'Erro', description: message, variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return (
    <>
      <Button size="small" variation="warning" aria-label={label} isDisabled={isDisabled} onClick={() => setOpen(true)}>
        {WITHDRAWAL_MESSAGES.refundAction}
      </Button>
      {createPortal(
        <dialog
          ref={dialog}
          className="app-dialog"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-text`}
          onClose={close}
          onCancel={(event) => {
            if (pending) event.preventDefault();
          }}
        >
          <Flex
            as="form"
            // The reason is checked here, with the product's message, not by the browser's own bubble.
            noValidate
            direction="column"
            gap="medium"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <Heading level={2} fontSize="large" id={`${id}-title`}>
              {WITHDRAWAL_MESSAGES.refundDialogTitle}
            </Heading>
            <Text id={`${id}-text`}>{description}</Text>
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
            {problem ? (
              <Alert variation="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <Button type="button" onClick={close} isDisabled={pending}>
                Cancelar
              </Button>
              <Button type="submit" variation="destructive" isLoading={pending} loadingText="Estornando...">
                {WITHDRAWAL_MESSAGES.refundConfirm}
              </Button>
            </Flex>
          </Flex>
        </dialog>,
        document.querySelector('[data-amplify-theme]') ?? document.body,
      )}
    </>
  );
}
