import { z } from 'zod';

/** Online payment providers behind the api's one gateway interface (docs/payments.md). */
export const paymentProviders = ['sandbox', 'linePay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];

/** Providers that need a merchant's own credentials, entered by a service agent. */
export const credentialProviders = ['linePay'] as const;
export type CredentialProvider = (typeof credentialProviders)[number];

/** Where an online payment stands, whatever the provider. */
export const paymentStatuses = ['pending', 'paid', 'failed', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

export const credentialProviderParam = z.object({ provider: z.enum(credentialProviders) });

export const paymentCredentialsInput = z
  .object({
    channelId: z
      .string()
      .regex(/^[0-9A-Za-z_-]{1,64}$/, '1-64 letters, digits, _ or -')
      .describe("the provider's channel (merchant) id"),
    channelSecret: z.string().min(8).max(256).describe('stored encrypted; never answered'),
  })
  .strict();
export type PaymentCredentialsInput = z.infer<typeof paymentCredentialsInput>;

/** What the api says about stored credentials: never the secret. */
export const paymentCredentialsState = z.object({
  provider: z.enum(credentialProviders),
  set: z.boolean(),
  channelId: z.string().nullable(),
  updatedAt: z.string().nullable().describe('when a service agent last set them'),
});
export type PaymentCredentialsState = z.infer<typeof paymentCredentialsState>;

export const sandboxPaymentParam = z.object({
  paymentId: z
    .string()
    .regex(/^sbx_[0-9A-Za-z_-]{16,64}$/)
    .describe("the sandbox's payment id"),
});

export const sandboxOutcomes = ['approve', 'decline'] as const;
export type SandboxOutcome = (typeof sandboxOutcomes)[number];
export const sandboxDecision = z.object({ outcome: z.enum(sandboxOutcomes) }).strict();
