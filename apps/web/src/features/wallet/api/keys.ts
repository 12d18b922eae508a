/** Query keys of the wallet; a withdrawal invalidates `all`. */
export const walletKeys = {
  all: ['wallet'] as const,
  summary: () => [...walletKeys.all, 'summary'] as const,
  records: (page: number, pageSize: number) => [...walletKeys.all, 'records', page, pageSize] as const,
  record: (id: number) => [...walletKeys.all, 'record', id] as const,
  recordTransactions: (id: number, page: number, pageSize: number) =>
    [...walletKeys.all, 'record', id, 'transactions', page, pageSize] as const,
};
