/** Query keys of the checkout's back-office calls. */
export const checkoutKeys = {
  all: ['checkout'] as const,
  links: () => [...checkoutKeys.all, 'links'] as const,
};
