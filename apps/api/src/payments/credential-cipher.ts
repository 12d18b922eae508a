import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

type SealedSecret = { ciphertext: string; iv: string; tag: string };

/** A 256-bit key derived from the configured or generated key material. */
export function credentialKey(material: string): Buffer {
  return Buffer.from(hkdfSync('sha256', material, 'sbo', 'merchant-payment-credentials', 32));
}

/**
 * AES-256-GCM; `context` (merchant, provider, channel id) is bound as additional data, so a row's
 * secret cannot be copied onto another merchant or channel and still decrypt.
 */
export function sealSecret(key: Buffer, secret: string, context: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(context));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return {
    ciphertext: ciphertext.toString('base64'),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
  };
}

export function openSecret(key: Buffer, sealed: SealedSecret, context: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'))
    .setAAD(Buffer.from(context))
    .setAuthTag(Buffer.from(sealed.tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
}
