import { QueryClient } from '@tanstack/react-query';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // The client already shows each failure; a silent retry would show it twice.
        retry: false,
        staleTime: 30_000,
        // A refetch on focus would re-open an error dialog the user just closed.
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}
