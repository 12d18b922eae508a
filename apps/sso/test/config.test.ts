import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const DATABASE_URL = 'postgres://sso:secret@localhost:5432/sso';
const SINGLE_CLIENT = {
  SSO_CLIENT_ID: 'back-office',
  SSO_CLIENT_SECRET: 'a-secret-of-enough-length',
  SSO_REDIRECT_URIS: 'http://localhost:8080/api/v1/sso/callback, http://127.0.0.1:8080/api/v1/sso/callback',
};

describe('loadConfig', () => {
  it('applies the defaults and builds one client from the single-client variables', () => {
    const config = loadConfig({ DATABASE_URL, ...SINGLE_CLIENT });
    expect(config).toMatchObject({
      port: 8090,
      host: '0.0.0.0',
      issuer: 'http://localhost:8090/sso',
      rateLimit: { max: 10, timeWindowMs: 60_000 },
      trustProxy: false,
      seedAccounts: [],
    });
    expect(config.clients).toEqual([
      {
        client_id: 'back-office',
        client_secret: 'a-secret-of-enough-length',
        redirect_uris: ['http://localhost:8080/api/v1/sso/callback', 'http://127.0.0.1:8080/api/v1/sso/callback'],
      },
    ]);
  });

  it('reads SSO_CLIENTS and SSO_SEED_ACCOUNTS as JSON and derives the issuer from PORT', () => {
    const clients = [{ client_id: 'a', client_secret: 'another-long-secret', redirect_uris: ['https://a.example/cb'] }];
    const seeds = [{ email: 'demo@example.com', password: 'demo-password', name: 'Demo' }];
    const config = loadConfig({
      DATABASE_URL,
      PORT: '9000',
      SSO_CLIENTS: JSON.stringify(clients),
      SSO_SEED_ACCOUNTS: JSON.stringify(seeds),
    });
    expect(config.issuer).toBe('http://localhost:9000/sso');
    expect(config.clients).toEqual(clients);
    expect(config.seedAccounts).toEqual(seeds);
  });

  it('names every bad variable in one message', () => {
    expect(() => loadConfig({ PORT: 'eighty', SSO_CLIENTS: '[{', SSO_ISSUER: 'not a url' })).toThrow(
      /PORT: .*\n {2}SSO_ISSUER: .*\n {2}DATABASE_URL: is required\n {2}SSO_CLIENTS: must be valid JSON/,
    );
  });

  it('asks for a client when none is configured', () => {
    expect(() => loadConfig({ DATABASE_URL })).toThrow(/SSO_CLIENTS: set it .* or set SSO_CLIENT_ID/);
  });
});
