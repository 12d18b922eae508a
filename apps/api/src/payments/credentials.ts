import type { CredentialProvider } from '@sbo/contracts';
import type { Executor } from '../db/client';
import { credentialKey, openSecret, sealSecret } from './credential-cipher';
import * as repo from './credential-repository';

type ChannelCredentials = { channelId: string; channelSecret: string };

const contextOf = (merchantId: number, provider: CredentialProvider, channelId: string) =>
  `${merchantId}:${provider}:${channelId}`;

/** Merchants' provider credentials: sealed on the way in, opened only to build a gateway. */
export function createCredentialStore(keyMaterial: string) {
  const key = credentialKey(keyMaterial);

  return {
    async save(
      db: Executor,
      who: { merchantId: number; userId: number | null },
      provider: CredentialProvider,
      credentials: ChannelCredentials,
      at: Date,
    ): Promise<void> {
      const sealed = sealSecret(
        key,
        credentials.channelSecret,
        contextOf(who.merchantId, provider, credentials.channelId),
      );
      await repo.saveCredentials(db, {
        merchantId: who.merchantId,
        provider,
        channelId: credentials.channelId,
        secretCiphertext: sealed.ciphertext,
        iv: sealed.iv,
        tag: sealed.tag,
        updatedAt: at,
        updatedBy: who.userId,
      });
    },

    /** Whether they are set, and the channel id: everything but the secret. */
    async describe(db: Executor, merchantId: number, provider: CredentialProvider) {
      const row = await repo.findCredentials(db, merchantId, provider);
      return {
        provider,
        set: row !== null,
        channelId: row?.channelId ?? null,
        updatedAt: row?.updatedAt.toISOString() ?? null,
      };
    },

    async open(db: Executor, merchantId: number, provider: CredentialProvider): Promise<ChannelCredentials | null> {
      const row = await repo.findCredentials(db, merchantId, provider);
      if (!row) return null;
      const sealed = { ciphertext: row.secretCiphertext, iv: row.iv, tag: row.tag };
      const channelSecret = openSecret(key, sealed, contextOf(merchantId, provider, row.channelId));
      return { channelId: row.channelId, channelSecret };
    },
  };
}

export type CredentialStore = ReturnType<typeof createCredentialStore>;
