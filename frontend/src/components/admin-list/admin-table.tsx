import { Table, TableBody, TableCell, TableHead, TableRow, Text } from '@aws-amplify/ui-react';
import type { ReactNode } from 'react';
import { TextLink } from '@/components/links';
import './admin-list.css';

/**
 * An admin list's table: a header row of `columns` and the page's rows. On phones each row becomes a card whose cells
 * show their column's name (the rows' `data-label`, admin-list.css).
 */
export function AdminTable({
  columns,
  className,
  label,
  sort,
  children,
}: {
  columns: string[];
  /** The table's accessible name, where a screen has more than one table (/admin/financeiro). */
  label?: string;
  /** A screen's own class beside `admin-table`, for its layout on phones. */
  className?: string;
  /** The column the rows are ordered by, announced on its header (`aria-sort`), where the screen lets one choose. */
  sort?: { column: string; direction: 'ascending' | 'descending' };
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <Table
        className={className ? `admin-table ${className}` : 'admin-table'}
        aria-label={label}
        highlightOnHover
        size="small"
      >
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column} as="th" aria-sort={sort?.column === column ? sort.direction : undefined}>
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </div>
  );
}

/** The case file of a client (/admin/clientes/{profileId}): where every protocol and client name of a list leads. */
export const caseFilePath = (profileId: string) => `/admin/clientes/${encodeURIComponent(profileId)}`;

/** A row's protocol, kept whole on wide screens; a link to the client's case file where the row knows the client. */
export function ProtocolCell({ protocol, profileId }: { protocol: string; profileId?: string | null }) {
  return (
    <TableCell data-label="Protocolo">
      {profileId && protocol !== '—' ? (
        <TextLink to={caseFilePath(profileId)} className="admin-table__protocol">
          {protocol}
        </TextLink>
      ) : (
        <span className="admin-table__protocol">{protocol}</span>
      )}
    </TableCell>
  );
}

/** A row's client: name and e-mail ('—' where the profile is gone), then any more lines the screen gives. */
export function ClientCell({
  name,
  email,
  profileId,
  children,
}: {
  name: string | null;
  email: string | null;
  /** The client's profile id: the name links to their case file. */
  profileId?: string | null;
  children?: ReactNode;
}) {
  return (
    <TableCell data-label="Cliente">
      <Text fontWeight="semibold">
        {name && profileId ? <TextLink to={caseFilePath(profileId)}>{name}</TextLink> : (name ?? '—')}
      </Text>
      <Text fontSize="small" color="font.secondary" style={{ overflowWrap: 'anywhere' }}>
        {email ?? ''}
      </Text>
      {children}
    </TableCell>
  );
}

/** A row's date or time, machine-readable in `dateTime`; `format` is the domain's pt-BR formatter for it. */
export function TimeCell({ label, at, format }: { label: string; at: string; format: (iso: string) => string }) {
  return (
    <TableCell data-label={label}>
      <Text as="time" dateTime={at} fontSize="small">
        {format(at)}
      </Text>
    </TableCell>
  );
}
