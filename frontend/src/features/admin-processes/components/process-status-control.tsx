import { Button, Flex, SelectField } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUSES, PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { StatusChangeDialog, statusChangeSubjectOf } from '@/components/status-change-dialog';

/**
 * One process's status selector with its confirmation, outside the processes table (the client's case file): as a
 * row of /admin/processos, choosing only drafts the status and 'Alterar' asks for the confirmation.
 */
export function ProcessStatusControl({ row, onChanged }: { row: AdminProcessRow; onChanged: () => void }) {
  const [draft, setDraft] = useState<ProcessStatus | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selectId = `case-status-${row.id}`;
  const protocol = row.protocolo ?? '—';
  const pending = draft !== null && draft !== row.status ? draft : null;
  return (
    <Flex gap="xs" alignItems="flex-end" wrap="wrap">
      <SelectField
        id={selectId}
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
          onClick={() => setConfirming(true)}
        >
          {ADMIN_PROCESS_MESSAGES.statusChangeApply}
        </Button>
      ) : null}
      {confirming && pending ? (
        <StatusChangeDialog
          subject={statusChangeSubjectOf(row)}
          to={pending}
          onClose={() => {
            setConfirming(false);
            setDraft(null);
            onChanged();
            document.getElementById(selectId)?.focus();
          }}
        />
      ) : null}
    </Flex>
  );
}
