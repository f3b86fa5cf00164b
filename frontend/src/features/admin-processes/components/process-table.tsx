import { Button, Flex, SelectField, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { KIT_REVIEW_ANCHOR, kitSummaryLabel } from '@domain/filing-kit.js';
import { ADMIN_PROCESS_MESSAGES } from '@domain/messages.js';
import { PROCESS_STATUSES, PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { AdminTable, caseFilePath, ClientCell, ProtocolCell, TimeCell } from '@/components/admin-list/admin-table';
import { TextLink } from '@/components/links';
import { StatusChangeDialog, statusChangeSubjectOf } from '@/components/status-change-dialog';

/** A status chosen in a row's selector, waiting for the admin's confirmation. */
type ProposedStatusChange = { row: AdminProcessRow; to: ProcessStatus };
import '../admin-processes.css';

const COLUMNS = ['Protocolo', 'Cliente', 'Status', 'Documentos', 'Previsão', 'Atualizado em'];

/**
 * The processes with their inline status selector. Choosing a status only drafts it (a select must not open a dialog
 * by itself: arrow keys change its value as they move, WCAG 3.2.2); the row's 'Alterar' button then asks for the
 * confirmation, with an optional note for the history. Cancelling drops the draft, and focus returns to the selector.
 */
export function ProcessTable({ rows }: { rows: AdminProcessRow[] }) {
  const [drafts, setDrafts] = useState<Record<string, ProcessStatus>>({});
  const [proposed, setProposed] = useState<ProposedStatusChange | null>(null);
  const dropDraft = (rowId: string) => setDrafts(({ [rowId]: _dropped, ...others }) => others);
  return (
    <>
      <AdminTable columns={COLUMNS}>
        {rows.map((row) => (
          <ProcessRow
            key={row.id}
            row={row}
            draft={drafts[row.id]}
            onDraft={(to) => (to === row.status ? dropDraft(row.id) : setDrafts((all) => ({ ...all, [row.id]: to })))}
            onConfirmRequest={(to) => setProposed({ row, to })}
          />
        ))}
      </AdminTable>
      {proposed ? (
        <StatusChangeDialog
          subject={statusChangeSubjectOf(proposed.row)}
          to={proposed.to}
          onClose={() => {
            setProposed(null);
            dropDraft(proposed.row.id);
            document.getElementById(statusSelectId(proposed.row))?.focus();
          }}
        />
      ) : null}
    </>
  );
}

const statusSelectId = (row: AdminProcessRow) => `status-${row.id}`;

function ProcessRow({
  row,
  draft,
  onDraft,
  onConfirmRequest,
}: {
  row: AdminProcessRow;
  /** The status chosen in this row's selector, not yet confirmed. */
  draft: ProcessStatus | undefined;
  onDraft: (to: ProcessStatus) => void;
  onConfirmRequest: (to: ProcessStatus) => void;
}) {
  const protocol = row.protocolo ?? '—';
  const pending = draft !== undefined && draft !== row.status ? draft : undefined;
  return (
    <TableRow>
      <ProtocolCell protocol={protocol} profileId={row.profile_id} />
      <ClientCell name={row.nome_cliente} email={row.email_cliente} profileId={row.profile_id} />
      <TableCell data-label="Status">
        <Flex gap="xs" alignItems="center" className="admin-table__status">
          <SelectField
            id={statusSelectId(row)}
            className="admin-table__status-select"
            label={`Status do processo ${protocol}`}
            labelHidden
            size="small"
            value={pending ?? row.status}
            onChange={(event) => onDraft(event.target.value as ProcessStatus)}
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
              onClick={() => onConfirmRequest(pending)}
            >
              {ADMIN_PROCESS_MESSAGES.statusChangeApply}
            </Button>
          ) : null}
        </Flex>
      </TableCell>
      <TableCell data-label="Documentos">
        {row.kit && row.profile_id ? (
          <TextLink
            to={`${caseFilePath(row.profile_id)}#${KIT_REVIEW_ANCHOR}`}
            className="admin-table__kit"
            data-to-review={row.kit.toReview > 0 || undefined}
            aria-label={`Documentos do processo ${protocol}: ${kitSummaryLabel(row.kit)}`}
          >
            {kitSummaryLabel(row.kit)}
          </TextLink>
        ) : (
          '—'
        )}
      </TableCell>
      <TableCell data-label="Previsão">{row.previsao ? formatDate(row.previsao) : '—'}</TableCell>
      <TimeCell label="Atualizado em" at={row.updated_at} format={formatDateTime} />
    </TableRow>
  );
}
