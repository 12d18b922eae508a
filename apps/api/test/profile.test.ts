import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createUser } from './helpers/fixtures';
import { createTestApp, type TestContext } from './helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

async function signedIn() {
  const user = await createUser(ctx.db);
  return { user, jwt: (await ctx.tokens.issueLogin(user.id)).jwt };
}

function pngDataUrl(width: number, height: number) {
  const image = new PNG({ width, height });
  image.data.fill(200);
  return `data:image/png;base64,${PNG.sync.write(image).toString('base64')}`;
}

const upload = (jwt: string, image: string) =>
  ctx.app.inject({ method: 'PUT', url: '/api/v1/user/profile/avatar', headers: bearer(jwt), payload: { image } });

describe('GET and PUT /user/profile', () => {
  it('reads and changes the nickname and language', async () => {
    const { user, jwt } = await signedIn();
    const read = await ctx.app.inject({ url: '/api/v1/user/profile', headers: bearer(jwt) });
    expect(read.json().result).toEqual({
      userId: user.id,
      email: user.email,
      nickName: user.nickName,
      avatar: null,
      locale: null,
    });
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/user/profile',
      headers: bearer(jwt),
      payload: { nickName: '  Mei  ', locale: 'th' },
    });
    expect(changed.json().result).toMatchObject({ nickName: 'Mei', locale: 'th' });
  });

  it('refuses an empty nickname and an unknown language', async () => {
    const { jwt } = await signedIn();
    for (const payload of [
      { nickName: ' ', locale: null },
      { nickName: 'Mei', locale: 'fr' },
    ]) {
      const response = await ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/user/profile',
        headers: bearer(jwt),
        payload,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});

describe('PUT /user/profile/avatar', () => {
  it('stores a PNG as a 256 px square served at the returned address', async () => {
    const { jwt } = await signedIn();
    const response = await upload(jwt, pngDataUrl(800, 600));
    const avatar = response.json().result.avatar as string;
    expect(avatar).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}$/);
    const image = await ctx.app.inject({ url: avatar });
    expect(image.headers['content-type']).toBe('image/png');
    const stored = PNG.sync.read(image.rawPayload);
    expect([stored.width, stored.height]).toEqual([256, 256]);
  });

  it('resizes a JPEG and replaces the previous picture', async () => {
    const { jwt } = await signedIn();
    const first = (await upload(jwt, pngDataUrl(10, 10))).json().result.avatar;
    const source = jpeg.encode({ width: 400, height: 900, data: Buffer.alloc(400 * 900 * 4, 128) }, 90).data;
    const second = (await upload(jwt, `data:image/jpeg;base64,${source.toString('base64')}`)).json().result.avatar;
    const image = await ctx.app.inject({ url: second });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(jpeg.decode(image.rawPayload).width).toBe(256);
    expect((await ctx.app.inject({ url: first })).statusCode).toBe(478);
  });

  it('refuses what is not a PNG or JPEG, and pictures over 2 MB', async () => {
    const { jwt } = await signedIn();
    const gif = Buffer.from('GIF89a0000000000').toString('base64');
    expect((await upload(jwt, `data:image/gif;base64,${gif}`)).statusCode).toBe(400);
    const broken = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(20)]);
    expect((await upload(jwt, `data:image/png;base64,${broken.toString('base64')}`)).statusCode).toBe(400);
    const huge = Buffer.alloc(2 * 1024 * 1024 + 10, 1).toString('base64');
    expect((await upload(jwt, `data:image/png;base64,${huge}`)).statusCode).toBe(400);
  });
});
