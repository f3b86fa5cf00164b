import { Button, Card, Flex, Heading, Text, TextField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { CASE_FILE_MESSAGES, deletionConfirmationMatches } from '@domain/case-file.js';
import { ADMIN_CLIENT_MESSAGES, clientDeletedDescription } from '@domain/messages.js';
import { AppDialog, useAppDialog } from '@/components/app-dialog';
import { toast, toastApiError } from '@/lib/toast';
import { useDeleteAdminClient } from '../api/admin-clients';

/**
 * The case file's danger zone, last on the page: 'Excluir' and its irreversible-deletion dialog (spec 02 §2 Client
 * detail, §8), which asks for the client's name typed before it deletes anything. The server asks for its own
 * confirmation too: the request repeats the client's id.
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
  const [typed, setTyped] = useState('');
  const dialog = useAppDialog(() => setTyped(''));
  const deletion = useDeleteAdminClient();

  const confirm = () => {
    if (!deletionConfirmationMatches(typed, clientName)) {
      dialog.setProblem(CASE_FILE_MESSAGES.typeToConfirmMismatch);
      return;
    }
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
    <Card as="section" variation="outlined" className="danger-zone" aria-labelledby="danger-zone-title">
      <Flex direction="column" gap="small" alignItems="flex-start">
        <Heading level={2} fontSize="large" id="danger-zone-title">
          {CASE_FILE_MESSAGES.dangerTitle}
        </Heading>
        <Text fontSize="small" color="font.secondary">
          {CASE_FILE_MESSAGES.dangerText}
        </Text>
        <Button variation="destructive" size="small" onClick={dialog.show}>
          Excluir
        </Button>
      </Flex>
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
      >
        <TextField
          label={CASE_FILE_MESSAGES.typeToConfirmLabel(clientName)}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.target.value)}
        />
      </AppDialog>
    </Card>
  );
}
