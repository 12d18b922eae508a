import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * What ties a sign-in to the browser that started it: the `state` sent to the issuer, the PKCE
 * verifier and the nonce, the back-office path to return to and, once the issuer came back, the
 * hash of the code relayed to the web as `keyring`.
 */
const signInBinding = z.object({
  state: z.string(),
  codeVerifier: z.string(),
  nonce: z.string(),
  redirect: z.string(),
  keyringHash: z.string().optional(),
});
export type SignInBinding = z.infer<typeof signInBinding>;

const BINDING_COOKIE = 'sbo_sign_in';
// Sent only to /api/v1/sso/*: authorize sets it, callback and replacement read it.
const COOKIE_PATH = '/api/v1/sso';
// As long as the sign-in service keeps an unfinished sign-in (its interaction).
const LIFETIME_SECONDS = 60 * 60;

const random = () => randomBytes(32).toString('base64url');

export const hashKeyring = (keyring: string) => createHash('sha256').update(keyring).digest('hex');

/** Compares two secrets in constant time. */
export function sameSecret(a: string, b: string): boolean {
  const [left, right] = [Buffer.from(a), Buffer.from(b)];
  return left.length === right.length && timingSafeEqual(left, right);
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

/** The binding lives in an httpOnly, SameSite=Lax cookie, encrypted (A256GCM) with a server key. */
export function createBrowserBinding(options: { secret: string; secure: boolean }) {
  const key = createHash('sha256').update(`sign-in-browser-binding:${options.secret}`).digest();
  const attributes = `Path=${COOKIE_PATH}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;

  return {
    start(redirect: string): SignInBinding {
      return { state: random(), codeVerifier: random(), nonce: random(), redirect };
    },

    /** The Set-Cookie value that stores `binding` in the browser. */
    async cookie(binding: SignInBinding): Promise<string> {
      const sealed = await new EncryptJWT(binding)
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${LIFETIME_SECONDS}s`)
        .encrypt(key);
      return `${BINDING_COOKIE}=${sealed}; Max-Age=${LIFETIME_SECONDS}; ${attributes}`;
    },

    /** The Set-Cookie value that removes it: a sign-in ends once its keyring is redeemed. */
    clearedCookie(): string {
      return `${BINDING_COOKIE}=; Max-Age=0; ${attributes}`;
    },

    /** The binding the request's cookie carries; null when there is none, or it is forged or expired. */
    async read(cookieHeader: string | undefined): Promise<SignInBinding | null> {
      const sealed = readCookie(cookieHeader, BINDING_COOKIE);
      if (!sealed) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'] });
        return signInBinding.parse(payload);
      } catch {
        return null;
      }
    },
  };
}

export type BrowserBinding = ReturnType<typeof createBrowserBinding>;
