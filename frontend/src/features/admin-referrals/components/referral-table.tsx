import { Badge, TableCell, TableRow, Text } from '@aws-amplify/ui-react';
import type { AdminReferralRow } from '@domain/api/admin-referrals.js';
import { REFERRAL_STATUS_LABELS } from '@domain/api/referrals.js';
import { formatDate } from '@domain/dates.js';
import { AdminTable, caseFilePath, TimeCell } from '@/components/admin-list/admin-table';
import { TextLink } from '@/components/links';
import '../admin-referrals.css';

const COLUMNS = ['Quem indicou', 'Email indicado', 'Status', 'Convidado em', 'Atualizado em'];
const STATUS_VARIATION = { invited: 'info', signed_up: 'warning', paid: 'success' } as const;

/** The referrals, each with the referrer's name and e-mail. */
export function ReferralTable({ rows }: { rows: AdminReferralRow[] }) {
  return (
    <AdminTable columns={COLUMNS} className="referrals-table">
      {rows.map((row) => (
        <TableRow key={row.id}>
          <TableCell data-label="Quem indicou">
            <Text fontWeight="semibold">
              {row.referrer_nome ? (
                <TextLink to={caseFilePath(row.referrer_profile_id)}>{row.referrer_nome}</TextLink>
              ) : (
                '—'
              )}
            </Text>
            <Text fontSize="small" color="font.secondary" className="referrals-table__email">
              {row.referrer_email ?? ''}
            </Text>
          </TableCell>
          <TableCell data-label="Email indicado">
            {/* Once the friend signed up, their address leads to their own case file. */}
            {row.referred_profile_id ? (
              <TextLink to={caseFilePath(row.referred_profile_id)} className="referrals-table__email">
                {row.referred_email}
              </TextLink>
            ) : (
              <span className="referrals-table__email">{row.referred_email}</span>
            )}
          </TableCell>
          <TableCell data-label="Status">
            <Badge size="small" variation={STATUS_VARIATION[row.status]}>
              {REFERRAL_STATUS_LABELS[row.status]}
            </Badge>
          </TableCell>
          <TimeCell label="Convidado em" at={row.created_at} format={formatDate} />
          <TimeCell label="Atualizado em" at={row.updated_at} format={formatDate} />
        </TableRow>
      ))}
    </AdminTable>
  );
}
