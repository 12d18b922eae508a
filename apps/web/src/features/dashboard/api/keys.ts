export const dashboardKeys = {
  all: ['dashboard'] as const,
  overview: (timeZone: string) => [...dashboardKeys.all, 'overview', timeZone] as const,
};
