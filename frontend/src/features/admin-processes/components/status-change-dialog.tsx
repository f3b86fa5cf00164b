import { Alert, Badge, Button, Flex, Heading, Text, TextAreaField, VisuallyHidden } from '@aws-amplify/ui-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { PROCESS_NOTE_MAX_LENGTH, type AdminProcessRow } from '@domain/api/admin-processes.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { failureWithReason } from '@/lib/api-error';
import { toast, toastError } from '@/lib/toast';
import { useChangeProcessStatus } from '../api/admin-processes';

/** A status chosen in a row's selector, waiting for the admin's confirmation. */
export type ProposedStatusChange = { row: AdminProcessRow; to: ProcessStatus };

/**
 * The confirmation of an inline status change: from → to, an optional 'Observação' kept in the process history (the
 * customer sees it in their history and the status e-mail), 'Confirmar' and 'Cancelar'. On the browser's modal
 * <dialog> (focus trap, Esc cancels); every way out goes through the dialog's close event, so `onClose` runs once,
 * after the page behind is interactive again and focus can return to the selector.
 */
export function StatusChangeDialog({ change, onClose }: { change: ProposedStatusChange; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const summaryId = useId();
  const [note, setNote] = useState('');
  // Shown inside the dialog too: while a modal is open, the page behind it (the toast region included) is inert.
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useChangeProcessStatus();
  const { row, to } = change;
  const protocol = row.protocolo ?? '—';

  useEffect(() => {
    if (dialog.current && !dialog.current.open) dialog.current.showModal();
  }, []);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    const obs = note.trim();
    mutation.mutate(
      { userId: row.user_id, contractId: row.contrato_id, status: to, ...(obs ? { obs } : {}) },
      {
        onSuccess: () => {
          dialog.current?.close();
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

  return createPortal(
    <dialog
      ref={dialog}
      className="app-dialog status-change-dialog"
      aria-labelledby={titleId}
      aria-describedby={summaryId}
      onClose={onClose}
      onCancel={(event) => {
        if (mutation.isPending) event.preventDefault();
      }}
    >
      <form onSubmit={confirm} noValidate>
        <Flex direction="column" gap="medium">
          <Heading level={2} fontSize="large" id={titleId}>
            {ADMIN_PROCESS_MESSAGES.statusChangeTitle}
          </Heading>
          <Flex direction="column" gap="xs" id={summaryId}>
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
          </Flex>
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
          {problem ? (
            <Alert variation="error" role="alert">
              {problem}
            </Alert>
          ) : null}
          <Flex justifyContent="flex-end" gap="small" wrap="wrap">
            <Button type="button" onClick={() => dialog.current?.close()} isDisabled={mutation.isPending}>
              Cancelar
            </Button>
            <Button
              type="submit"
              variation="primary"
              isLoading={mutation.isPending}
              loadingText={ADMIN_PROCESS_MESSAGES.statusChangeSaving}
            >
              {ADMIN_PROCESS_MESSAGES.statusChangeConfirm}
            </Button>
          </Flex>
        </Flex>
      </form>
    </dialog>,
    // Inside Amplify's theme root, so the dialog gets the theme's fonts and colours.
    document.querySelector('[data-amplify-theme]') ?? document.body,
  );
}
