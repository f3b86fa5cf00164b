import { TableCell, TableRow } from '@aws-amplify/ui-react';
import type { AdminProcessRow } from '@domain/api/admin-processes.js';
import { formatDate, formatDateTime } from '@domain/dates.js';
import { KIT_REVIEW_ANCHOR, kitSummaryLabel } from '@domain/filing-kit.js';
import { AdminTable, caseFilePath, ClientCell, ProtocolCell, TimeCell } from '@/components/admin-list/admin-table';
import { TextLink } from '@/components/links';
import { ProcessStatusControl } from './process-status-control';
import '../admin-processes.css';

const COLUMNS = ['Protocolo', 'Cliente', 'Status', 'Documentos', 'Previsão', 'Atualizado em'];

/** The processes, each with its status control (the same one the case file uses) and its filing kit's state. */
export function ProcessTable({ rows }: { rows: AdminProcessRow[] }) {
  return (
    <AdminTable columns={COLUMNS}>
      {rows.map((row) => {
        const protocol = row.protocolo ?? '—';
        return (
          <TableRow key={row.id}>
            <ProtocolCell protocol={protocol} profileId={row.profile_id} />
            <ClientCell name={row.nome_cliente} email={row.email_cliente} profileId={row.profile_id} />
            <TableCell data-label="Status">
              <ProcessStatusControl row={row} />
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
      })}
    </AdminTable>
  );
}
