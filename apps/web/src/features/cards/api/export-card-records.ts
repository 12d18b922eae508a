import { apiRoutes } from '@sbo/contracts/api/routes';
import { useMutation } from '@tanstack/react-query';
import { downloadApiFile } from '../../../lib/api-download';
import { currentLanguage } from '../../../lib/i18n';
import type { CardRecordQuery } from './keys';

/** `GET vip-card/record/export`: the filtered entries as CSV, column titles in the screen's language. */
export function useExportCardRecords() {
  return useMutation({
    mutationFn: (query: CardRecordQuery) => {
      const { page: _page, pageSize: _pageSize, ...filters } = query;
      return downloadApiFile(
        apiRoutes.vipCardRecordExport,
        { query: { ...filters, lang: currentLanguage() } },
        `card-records-${filters.program ?? 'vip'}-${filters.from ?? ''}-${filters.to ?? ''}.csv`,
      );
    },
  });
}
