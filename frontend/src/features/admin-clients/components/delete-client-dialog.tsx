import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Alert, Button, Flex, Heading, Text } from '@aws-amplify/ui-react';
import { ADMIN_CLIENT_MESSAGES, clientDeletedDescription } from '@domain/messages.js';
import { ApiRequestError } from '@/lib/api-error';
import { toast } from '@/lib/toast';
import { useDeleteAdminClient } from '../api/admin-clients';

/**
 * 'Excluir' and its irreversible-deletion dialog (spec 02 §2 Client detail, §8), on the browser's modal <dialog>
 * (focus trap, Esc closes). The server asks for the same confirmation: the request repeats the client's id.
 */
export function DeleteClientDialog({
  profileId,
  clientName,
  onDeleted,
}: {
  profileId: string;
  clientName: string;
  onDeleted: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  // Shown inside the dialog too: while a modal is open, the page behind it (the toast region included) is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const deletion = useDeleteAdminClient();

  useEffect(() => {
    if (open) dialog.current?.showModal();
    else dialog.current?.close();
  }, [open]);

  const close = () => {
    if (deletion.isPending) return;
    setOpen(false);
    setProblem(null);
  };

  const confirm = () => {
    setProblem(null);
    deletion.mutate(profileId, {
      onSuccess: (counts) => {
        setOpen(false);
        toast({
          title: ADMIN_CLIENT_MESSAGES.clientDeleted,
          description: clientDeletedDescription(counts),
          variant: 'success',
        });
        onDeleted();
      },
      onError: (error) => {
        // The server's own words for a refusal (4xx) and for Asaas being down (502 provider_unavailable: nothing was
        // deleted, try again); the spec's fixed text for anything else.
        const told =
          error instanceof ApiRequestError &&
          ((error.status >= 400 && error.status < 500) || error.code === 'provider_unavailable');
        const message = told ? error.message : ADMIN_CLIENT_MESSAGES.deleteFailed;
        setProblem(message);
        toast({ title: ADMIN_CLIENT_MESSAGES.deleteFailedTitle, description: message, variant: 'error' });
      },
    });
  };

  return (
    <>
      <Button variation="destructive" onClick={() => setOpen(true)}>
        Excluir
      </Button>
      {createPortal(
        <dialog
          ref={dialog}
          className="app-dialog"
          aria-labelledby="delete-client-title"
          aria-describedby="delete-client-text"
          onClose={close}
          onCancel={(event) => {
            if (deletion.isPending) event.preventDefault();
          }}
        >
          <Flex direction="column" gap="medium">
            <Heading level={2} fontSize="large" id="delete-client-title">
              {ADMIN_CLIENT_MESSAGES.deleteDialogTitle}
            </Heading>
            <Text fontWeight="bold">{clientName}</Text>
            <Text id="delete-client-text" color="font.secondary">
              {ADMIN_CLIENT_MESSAGES.deleteDialogText}
            </Text>
            {problem ? (
              <Alert variation="error" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Flex justifyContent="flex-end" gap="small" wrap="wrap">
              <Button type="button" onClick={close} isDisabled={deletion.isPending}>
                Cancelar
              </Button>
              <Button
                type="button"
                variation="destructive"
                onClick={confirm}
                isLoading={deletion.isPending}
                loadingText="Excluindo..."
              >
                {ADMIN_CLIENT_MESSAGES.deleteConfirm}
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
