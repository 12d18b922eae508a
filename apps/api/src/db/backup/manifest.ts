import { z } from 'zod';

/** The schemas that hold the product's data: its own tables and the embedded sign-in's (accounts, keys). */
export const productSchemas = ['public', 'sso'] as const;
/** What a backup carries from DATA_DIR besides the database: the demo fleet's machine secrets (plain). */
export const dataDirFiles = ['demo-fleet.json'] as const;

export const manifestEntry = 'manifest.json';
export const manifestDigestEntry = 'manifest.sha256';
export const formatName = 'self-service-back-office-backup';
export const formatVersion = 1;

const stored = z.object({
  entry: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(formatName),
  formatVersion: z.literal(formatVersion),
  createdAt: z.string(),
  source: z.object({ database: z.enum(['embedded', 'external']), serverVersion: z.string() }),
  /** The migrations applied to the database backed up, oldest first (drizzle's journal: `when` and file hash). */
  migrations: z.array(z.object({ createdAt: z.number(), hash: z.string() })),
  signInSchema: z.boolean(),
  tables: z.array(
    stored.extend({
      schema: z.string(),
      name: z.string(),
      columns: z.array(z.string()).min(1),
      rows: z.number().int().min(0),
    }),
  ),
  sequences: z.array(z.object({ schema: z.string(), name: z.string(), lastValue: z.string().nullable() })),
  files: z.array(stored.extend({ name: z.enum(dataDirFiles) })),
});

export type Manifest = z.infer<typeof manifestSchema>;

export const quoteName = (...parts: string[]) => parts.map((part) => `"${part.replaceAll('"', '""')}"`).join('.');

/** A refusal or failure the operator can act on: printed as it is, without a stack. */
export class BackupError extends Error {}
