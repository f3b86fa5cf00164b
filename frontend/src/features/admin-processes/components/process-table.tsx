import { SelectField, TableCell, TableRow } from '@aws-amplify/ui-react';
import { useState } from 'react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { PROCESS_STATUSES, PROCESS_STATUS_LABELS, type ProcessStatus } from '@domain/process-status.js';
import { AdminTable, ClientCell, ProtocolCell, TimeCell } from '@/components/admin-list/admin-table';
import { StatusChangeDialog, type ProposedStatusChange } from './status-change-dialog';
import '../admin-processes.css';

const COLUMNS = ['Protocolo', 'Cliente', 'Status', 'Previsão', 'Atualizado em'];

/**
 * The processes with their inline status selector. Choosing a status only proposes it: the confirmation (with an
 * optional note for the history) is asked once, for the whole table, and focus goes back to the selector afterwards.
 */
export function ProcessTable({ rows }: { rows: AdminProcessRow[] }) {
  const [proposed, setProposed] = useState<(ProposedStatusChange & { selector: HTMLSelectElement }) | null>(null);
  return (
    <>
      <AdminTable columns={COLUMNS}>
        {rows.map((row) => (
          <ProcessRow
            key={row.id}
            row={row}
            proposedStatus={proposed?.row.id === row.id ? proposed.to : undefined}
            onPropose={(to, selector) => setProposed({ row, to, selector })}
          />
        ))}
      </AdminTable>
      {proposed ? (
        <StatusChangeDialog
          change={proposed}
          onClose={() => {
            setProposed(null);
            proposed.selector.focus();
          }}
        />
      ) : null}
    </>
  );
}

function ProcessRow({
  row,
  proposedStatus,
  onPropose,
}: {
  row: AdminProcessRow;
  /** The status chosen in this row's selector while its confirmation is open. */
  proposedStatus: ProcessStatus | undefined;
  onPropose: (to: ProcessStatus, selector: HTMLSelectElement) => void;
}) {
  const protocol = row.protocolo ?? '—';
  return (
    <TableRow>
      <ProtocolCell protocol={protocol} />
      <ClientCell name={row.nome_cliente} email={row.email_cliente} />
      <TableCell data-label="Status">
        <SelectField
          className="admin-table__status-select"
          label={`Status do processo ${protocol}`}
          labelHidden
          size="small"
          value={proposedStatus ?? row.status}
          onChange={(event) => {
            const to = event.target.value as ProcessStatus;
            if (to !== row.status) onPropose(to, event.currentTarget);
          }}
        >
          {PROCESS_STATUSES.map((status) => (
            <option key={status} value={status}>
              {PROCESS_STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
      </TableCell>
      <TableCell data-label="Previsão">{row.previsao ? formatDate(row.previsao) : '—'}</TableCell>
      <TimeCell label="Atualizado em" at={row.updated_at} format={formatDateTime} />
    </TableRow>
  );
}
