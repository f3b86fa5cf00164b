import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUSES, PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { StatusChangeDialog, statusChangeSubjectOf } from '@/components/status-change-dialog';
import '../admin-processes.css';

/**
 * One process's status selector with its guarded confirmation, wherever a process is listed (a row of
 * /admin/processos, a contract of the case file). Choosing a status only drafts it (a select must not open a dialog by
 * itself: arrow keys change its value as they move, WCAG 3.2.2); 'Alterar' then opens the dialog. The dialog holds
 * the status chosen at that moment, not the draft: once the change lands the refreshed row equals the draft, and a
 * dialog tied to the draft would unmount before it could close itself and say so. Cancelling drops the draft and
 * focus returns to the selector.
 */
export function ProcessStatusControl({
  row,
  idPrefix = 'status',
  onChanged,
}: {
  row: AdminProcessRow;
  /** Keeps the selector's id unique when two screens' controls could share a page. */
  idPrefix?: string;
  onChanged?: () => void;
}) {
  const [draft, setDraft] = useState<ProcessStatus | null>(null);
  const [proposed, setProposed] = useState<ProcessStatus | null>(null);
  const selectId = `${idPrefix}-${row.id}`;
  const protocol = row.protocolo ?? '—';
  const pending = draft !== null && draft !== row.status ? draft : null;
  return (
    <Flex gap="xs" alignItems="center" wrap="wrap" className="process-status-control">
      <SelectField
        id={selectId}
        className="process-status-control__select"
        label={`Status do processo ${protocol}`}
        labelHidden
        size="small"
        value={pending ?? row.status}
        onChange={(event) => setDraft(event.target.value as ProcessStatus)}
      >
        {PROCESS_STATUSES.map((status) => (
          <option key={status} value={status}>
            {PROCESS_STATUS_LABELS[status]}
          </option>
        ))}
      </SelectField>
      {pending ? (
        <Button
          size="small"
          variation="primary"
          aria-label={`${ADMIN_PROCESS_MESSAGES.statusChangeApply} o status do processo ${protocol}`}
          onClick={() => setProposed(pending)}
        >
          {ADMIN_PROCESS_MESSAGES.statusChangeApply}
        </Button>
      ) : null}
      {proposed ? (
        <StatusChangeDialog
          subject={statusChangeSubjectOf(row)}
          to={proposed}
          onClose={() => {
            setProposed(null);
            setDraft(null);
            onChanged?.();
            document.getElementById(selectId)?.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}
