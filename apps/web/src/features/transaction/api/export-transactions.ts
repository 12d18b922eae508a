import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/api-download';
import { currentLanguage } from '../../../lib/i18n';
import type { SalesQuery } from '../../../lib/sales-filters';

export type ExportFormat = 'csv' | 'xlsx';

/** The filtered records as a file, with column titles in the screen's language. */
export function useExportTransactions() {
  return useMutation({
    mutationFn: ({ query, format, timeZone }: { query: SalesQuery; format: ExportFormat; timeZone: string }) =>
      downloadApiFile(
        apiRoutes.transactionExport,
        { query: { ...query, format, lang: currentLanguage(), tz: timeZone } },
        `transactions-${query.from}-${query.to}.${format}`,
      ),
  });
}
