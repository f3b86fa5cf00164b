import { Badge, Flex, Text, TextAreaField, VisuallyHidden } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { PROCESS_NOTE_MAX_LENGTH, type AdminProcessRow } from '@domain/api/admin-processes.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { AppDialog } from '@/components/app-dialog';
import { failureWithReason } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import { useChangeProcessStatus } from '../api/admin-processes';

/** A status chosen in a row's selector, waiting for the admin's confirmation. */
export type ProposedStatusChange = { row: AdminProcessRow; to: ProcessStatus };

/**
 * The confirmation of an inline status change: from → to, an optional 'Observação' kept in the process history (the
 * customer sees it in their history and the status e-mail), 'Confirmar' and 'Cancelar'. Open while mounted; every way
 * out goes through the dialog's close event, so `onClose` runs once, after the page behind is interactive again and
 * focus can return to the selector.
 */
export function StatusChangeDialog({ change, onClose }: { change: ProposedStatusChange; onClose: () => void }) {
  const [open, setOpen] = useState(true);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useChangeProcessStatus();
  const { row, to } = change;
  const protocol = row.protocolo ?? '—';

  const confirm = () => {
    setProblem(null);
    const obs = note.trim();
    mutation.mutate(
      { userId: row.user_id, contractId: row.contrato_id, status: to, ...(obs ? { obs } : {}) },
      {
        onSuccess: () => {
          setOpen(false);
          toast({ title: ADMIN_PROCESS_MESSAGES.statusUpdated, variant: 'success' });
        },
        onError: (error) => {
          const message = failureWithReason(ADMIN_PROCESS_MESSAGES.statusUpdateFailed, error);
          setProblem(message);
          toastError(message);
        },
      },
    );
  };

  return (
    <AppDialog
      open={open}
      onClose={onClose}
      busy={mutation.isPending}
      className="status-change-dialog"
      title={ADMIN_PROCESS_MESSAGES.statusChangeTitle}
      description={
        <>
          <Text fontSize="small" color="font.secondary" className="status-change-dialog__process">
            Protocolo <strong>{protocol}</strong>
            {row.nome_cliente ? ` · ${row.nome_cliente}` : ''}
          </Text>
          <Flex as="p" margin="0" alignItems="center" gap="xs" wrap="wrap">
            <VisuallyHidden>De </VisuallyHidden>
            <Badge size="small">{PROCESS_STATUS_LABELS[row.status]}</Badge>
            <span aria-hidden="true">→</span>
            <VisuallyHidden> para </VisuallyHidden>
            <Badge size="small" variation="info">
              {PROCESS_STATUS_LABELS[to]}
            </Badge>
          </Flex>
        </>
      }
      problem={problem}
      confirmLabel={ADMIN_PROCESS_MESSAGES.statusChangeConfirm}
      confirmLoadingText={ADMIN_PROCESS_MESSAGES.statusChangeSaving}
      onConfirm={confirm}
    >
      <Flex direction="column" gap="xxs">
        <TextAreaField
          label={ADMIN_PROCESS_MESSAGES.noteLabel}
          descriptiveText={ADMIN_PROCESS_MESSAGES.noteHint}
          rows={3}
          resize="vertical"
          maxLength={PROCESS_NOTE_MAX_LENGTH}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
        {/* The limit is the field's own (maxLength); the count only shows how close it is. */}
        <Text fontSize="small" color="font.secondary" textAlign="right" aria-hidden="true">
          {note.length}/{PROCESS_NOTE_MAX_LENGTH}
        </Text>
      </Flex>
    </AppDialog>
  );
}
