/** Query keys of the sign-in feature. */
export const authKeys = {
  all: ['auth'] as const,
  keyring: (keyring: string) => [...authKeys.all, 'keyring', keyring] as const,
  merchants: () => [...authKeys.all, 'merchants'] as const,
  me: () => [...authKeys.all, 'me'] as const,
};
