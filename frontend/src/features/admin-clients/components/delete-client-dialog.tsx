import { Button, Text } from '@aws-amplify/ui-react';
import { ADMIN_CLIENT_MESSAGES, clientDeletedDescription } from '@domain/messages.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast, toastApiError } from '@/lib/toast';
import { useDeleteAdminClient } from '../api/admin-clients';

/**
 * 'Excluir' and its irreversible-deletion dialog (spec 02 §2 Client detail, §8). The server asks for the same
 * confirmation: the request repeats the client's id.
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
  const dialog = useAppDialog();
  const deletion = useDeleteAdminClient();

  const confirm = () => {
    dialog.setProblem(null);
    deletion.mutate(profileId, {
      onSuccess: (counts) => {
        dialog.hide();
        toast({
          title: ADMIN_CLIENT_MESSAGES.clientDeleted,
          description: clientDeletedDescription(counts),
          variant: 'success',
        });
        onDeleted();
      },
      // The server's words for a refusal and for Asaas being down (nothing was deleted, try again).
      onError: (error) =>
        dialog.setProblem(
          toastApiError(error, ADMIN_CLIENT_MESSAGES.deleteFailed, ADMIN_CLIENT_MESSAGES.deleteFailedTitle),
        ),
    });
  };

  return (
    <>
      <Button variation="destructive" onClick={dialog.show}>
        Excluir
      </Button>
      <AppDialog
        {...dialog.props}
        busy={deletion.isPending}
        title={ADMIN_CLIENT_MESSAGES.deleteDialogTitle}
        description={
          <>
            <Text fontWeight="bold">{clientName}</Text>
            <Text color="font.secondary">{ADMIN_CLIENT_MESSAGES.deleteDialogText}</Text>
          </>
        }
        confirmLabel={ADMIN_CLIENT_MESSAGES.deleteConfirm}
        confirmLoadingText="Excluindo..."
        confirmVariation="destructive"
        onConfirm={confirm}
      />
    </>
  );
}
