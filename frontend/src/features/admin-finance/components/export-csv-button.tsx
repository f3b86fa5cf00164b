import { Button } from '@aws-amplify/ui-react';
import { useState } from 'react';
import { financeCsv, financeCsvFileName } from '@domain/finance-csv.js';
import type { DayRange } from '@domain/finance-period.js';
import { FINANCE_MESSAGES } from '@domain/messages.js';
import { downloadFile } from '@/lib/download';
import { toast, toastError } from '@/lib/toast';
import { ExportTooLargeError, fetchAllAdminCharges, type ChargeFilters } from '../api/admin-finance';

/**
 * The most rows one file takes: 200 pages of the list. Far above a month of this product's charges; past it the admin
 * is asked for a shorter period instead of a download that would take minutes.
 */
export const MAX_EXPORT_ROWS = 20_000;

/**
 * 'Exportar CSV': every row of the filtered list (period, status, search), not just the rows on screen, read through
 * the list's own route and written by the domain's CSV builder; the file is named after the period.
 */
export function ExportCsvButton({ filters, range }: { filters: ChargeFilters; range: DayRange | null }) {
  const [progress, setProgress] = useState<number | null>(null);
  const exporting = progress !== null;
  const run = async () => {
    if (!range) return;
    setProgress(0);
    try {
      const rows = await fetchAllAdminCharges(filters, { onProgress: setProgress, maxRows: MAX_EXPORT_ROWS });
      downloadFile(financeCsvFileName(range), financeCsv(rows), 'text/csv;charset=utf-8');
      toast({
        title: FINANCE_MESSAGES.exported,
        description: `${rows.length.toLocaleString('pt-BR')} ${rows.length === 1 ? 'cobrança' : 'cobranças'}`,
        variant: 'success',
      });
    } catch (error) {
      toastError(
        error instanceof ExportTooLargeError ? FINANCE_MESSAGES.exportTooLarge : FINANCE_MESSAGES.exportFailed,
      );
    } finally {
      setProgress(null);
    }
  };
  return (
    <Button
      className="finance-export"
      onClick={() => void run()}
      isDisabled={!range}
      isLoading={exporting}
      loadingText={
        progress ? `${FINANCE_MESSAGES.exporting} ${progress.toLocaleString('pt-BR')}` : FINANCE_MESSAGES.exporting
      }
    >
      {FINANCE_MESSAGES.exportCsv}
    </Button>
  );
}
