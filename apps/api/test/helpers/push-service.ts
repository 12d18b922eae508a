import { createECDH, createPublicKey, randomBytes, verify } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';

/** A self-signed certificate for 127.0.0.1 (openssl), so the push service speaks https as real ones do. */
function localCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export type VapidClaims = { aud: string; exp: number; sub: string };

export type PushDelivery = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The VAPID key the sender named (`k=`), base64url. */
  vapidKey: string;
  claims: VapidClaims;
  /** Whether the JWT's ES256 signature verifies with that key. */
  signatureValid: boolean;
  body: Buffer;
};

const b64 = (text: string) => Buffer.from(text, 'base64url');

/** Reads `Authorization: vapid t=<jwt>, k=<key>` and checks the JWT's signature with the key. */
function readVapid(header: string | undefined) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return null;
  const [, token = '', key = ''] = match;
  const [head = '', claims = '', signature = ''] = token.split('.');
  const raw = b64(key);
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const alg = (JSON.parse(b64(head).toString()) as { alg: string }).alg;
  const signatureValid =
    alg === 'ES256' &&
    verify('sha256', Buffer.from(`${head}.${claims}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, b64(signature));
  return { vapidKey: key, claims: JSON.parse(b64(claims).toString()) as VapidClaims, signatureValid };
}

/**
 * A local push service speaking the Web Push protocol (RFC 8030 / 8291 / 8292) over https: it records
 * each POST with its VAPID claims, answers what the test scripts (201 by default), and hands out
 * subscriptions whose keys the test holds, so it can decrypt what arrived.
 */
export async function startPushService() {
  const { key, cert } = localCertificate();
  const deliveries: PushDelivery[] = [];
  const script: number[] = [];
  let always: number | null = null;
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const vapid = readVapid(request.headers.authorization);
      const status = script.shift() ?? always ?? 201;
      if (!vapid) {
        response.writeHead(401).end();
        return;
      }
      deliveries.push({ path: request.url ?? '', headers: request.headers, ...vapid, body: Buffer.concat(chunks) });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  let next = 0;
  return {
    origin,
    /** Trusts this service's certificate (and only it). */
    agent: new https.Agent({ ca: cert }),
    deliveries,
    /** The next answers, in order (then 201, or what `answerAlways` set). */
    answer: (...statuses: number[]) => script.push(...statuses),
    answerAlways: (status: number | null) => (always = status),
    /** A browser's subscription: endpoint and keys to send, and a decrypter for what arrives. */
    subscription() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      next += 1;
      const endpoint = `${origin}/push/${next}-${randomBytes(6).toString('hex')}`;
      return {
        endpoint,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
        decrypt: (body: Buffer) =>
          JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth }).toString()) as {
            title: string;
            body: string;
            link: string;
            critical: boolean;
            tag: string;
          },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
