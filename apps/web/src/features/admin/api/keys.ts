/** Query keys of the service agents' admin screen. */
export const adminKeys = {
  all: ['admin'] as const,
  hardware: (query: HardwareQuery) => [...adminKeys.all, 'hardware', query] as const,
};

export type HardwareQuery = { page: number; bound?: 'true' | 'false'; keyword?: string };
