import { TableCell, TableRow } from '@aws-amplify/ui-react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { AdminTable, ClientCell, ProtocolCell, TimeCell } from '@/components/admin-list/admin-table';
import { ProcessStatusControl } from './process-status-control';

const COLUMNS = ['Protocolo', 'Cliente', 'Status', 'Previsão', 'Atualizado em'];

/** The processes, each with its status control (the same one the case file uses). */
export function ProcessTable({ rows }: { rows: AdminProcessRow[] }) {
  return (
    <AdminTable columns={COLUMNS}>
      {rows.map((row) => (
        <TableRow key={row.id}>
          <ProtocolCell protocol={row.protocolo ?? '—'} profileId={row.profile_id} />
          <ClientCell name={row.nome_cliente} email={row.email_cliente} profileId={row.profile_id} />
          <TableCell data-label="Status">
            <ProcessStatusControl row={row} />
          </TableCell>
          <TableCell data-label="Previsão">{row.previsao ? formatDate(row.previsao) : '—'}</TableCell>
          <TimeCell label="Atualizado em" at={row.updated_at} format={formatDateTime} />
        </TableRow>
      ))}
    </AdminTable>
  );
}
