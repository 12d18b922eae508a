// Takes the pictures and the screen recording of the release notes from a running product, in headless
// Chromium: node scripts/release-note-media.mjs http://localhost:8080 (the demo data: npm start on an empty
// DATA_DIR). Pictures are WebP and the recording WebM (VP8), both encoded by Chromium itself (canvas and
// MediaRecorder), so no image or video tool is needed. See docs/release-notes.md.
/* global document, Image, MediaRecorder -- the functions given to page.evaluate run in Chromium */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:8080';
const notes = new URL('../apps/web/src/features/release-log/notes/', import.meta.url);
const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});

async function signedIn(viewport) {
  const context = await browser.newContext({ viewport, locale: 'en-US', baseURL: base, reducedMotion: 'reduce' });
  await context.addInitScript(() => localStorage.setItem('lang', 'en'));
  const page = await context.newPage();
  await page.goto('/merchant-login');
  await page.waitForURL(/\/sso\/interaction\//);
  await page.locator('input[name=email]').fill('demo@example.com');
  await page.locator('input[name=password]').fill('demo1234');
  await page.locator('button[type=submit]').click();
  await page.getByTestId('merchant-card').filter({ hasText: 'Sunny Laundry Co.' }).click();
  await page.getByTestId('header-merchant').waitFor();
  return { context, page };
}

// Chromium encodes: draw the picture on a canvas (at most `width` wide) and read it back as WebP.
const encoder = await browser.newPage();
async function toWebp(png, width) {
  const dataUrl = await encoder.evaluate(
    async ({ source, maxWidth }) => {
      const image = new Image();
      image.src = source;
      await image.decode();
      const scale = Math.min(1, maxWidth / image.naturalWidth);
      const canvas = document.createElement('canvas');
      canvas.width = Math.round(image.naturalWidth * scale);
      canvas.height = Math.round(image.naturalHeight * scale);
      const context = canvas.getContext('2d');
      context.imageSmoothingQuality = 'high';
      context.drawImage(image, 0, 0, canvas.width, canvas.height);
      return canvas.toDataURL('image/webp', 0.82);
    },
    { source: `data:image/png;base64,${png.toString('base64')}`, maxWidth: width },
  );
  return Buffer.from(dataUrl.split(',')[1], 'base64');
}

// A screen is ready when its heading shows and nothing on it is still loading.
async function settled(page) {
  await page.locator('main h1, #main-content h1').first().waitFor();
  await page.waitForFunction(
    () => !document.querySelector('.ant-skeleton, .ant-spin-spinning, [aria-busy=true]'),
    undefined,
    { timeout: 20_000 },
  );
}

async function picture(page, path, note, file, { width = 1000, ready = settled } = {}) {
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(800);
  const webp = await toWebp(await page.screenshot({ animations: 'disabled' }), width);
  writeFileSync(new URL(`${note}/${file}`, notes), webp);
  console.log(`${note}/${file}: ${webp.length} bytes`);
}

// EBML (WebM) variable-size integers: the first byte's leading zeros give the length.
function readVint(buffer, offset) {
  const first = buffer[offset];
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length += 1;
  let value = first & (0xff >> length);
  for (let index = 1; index < length; index += 1) value = value * 256 + buffer[offset + index];
  const unknown = value === 2 ** (7 * length) - 1;
  return { length, value, unknown };
}

const elementIdLength = (buffer, offset) => readVint(buffer, offset).length;

/**
 * MediaRecorder writes no duration (a player then shows no length and seeks poorly): add the Duration
 * element (float, milliseconds at the default timecode scale) to the segment's Info.
 */
function withDuration(webm, milliseconds) {
  const headerSize = readVint(webm, elementIdLength(webm, 0));
  const afterHeader = elementIdLength(webm, 0) + headerSize.length + headerSize.value;
  const segmentSize = readVint(webm, afterHeader + 4);
  let offset = afterHeader + 4 + segmentSize.length;
  while (offset < webm.length) {
    const id = webm.readUIntBE(offset, elementIdLength(webm, offset));
    const idLength = elementIdLength(webm, offset);
    const size = readVint(webm, offset + idLength);
    const body = offset + idLength + size.length;
    if (id === 0x1549a966) {
      const duration = Buffer.alloc(11);
      duration.writeUInt16BE(0x4489, 0);
      duration[2] = 0x88;
      duration.writeDoubleBE(milliseconds, 3);
      const infoSize = Buffer.alloc(8);
      infoSize.writeBigUInt64BE(BigInt(size.value + duration.length) | (1n << 56n));
      if (!segmentSize.unknown) throw new Error('a recording with a known segment size is not expected here');
      return Buffer.concat([
        webm.subarray(0, offset + idLength),
        infoSize,
        webm.subarray(body, body + size.value),
        duration,
        webm.subarray(body + size.value),
      ]);
    }
    offset = body + size.value;
  }
  throw new Error('no Info element in the recording');
}

// The recording: the page's screencast frames, replayed onto a canvas in real time while MediaRecorder
// records the canvas.
async function record(page, note, file, journey) {
  const cdp = await page.context().newCDPSession(page);
  const frames = [];
  cdp.on('Page.screencastFrame', ({ data, metadata, sessionId }) => {
    frames.push({ data, at: metadata.timestamp });
    void cdp.send('Page.screencastFrameAck', { sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'jpeg', quality: 85, everyNthFrame: 1 });
  // The screencast sends a frame when the page paints, and may leave out the last paints of a screen
  // that has settled: a screenshot at each settled moment makes sure the recording shows it.
  const hold = async () => {
    const shot = await page.screenshot({ type: 'jpeg', quality: 85 });
    frames.push({ data: shot.toString('base64'), at: Date.now() / 1000 });
  };
  await journey(page, hold);
  await cdp.send('Page.stopScreencast');
  frames.sort((a, b) => a.at - b.at);
  const viewport = page.viewportSize();
  const webm = await encoder.evaluate(
    async ({ shots, size }) => {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const context = canvas.getContext('2d');
      const images = await Promise.all(
        shots.map(async (shot) => {
          const image = new Image();
          image.src = `data:image/jpeg;base64,${shot.data}`;
          await image.decode();
          return { image, at: shot.at };
        }),
      );
      context.drawImage(images[0].image, 0, 0, size.width, size.height);
      const stream = canvas.captureStream(15);
      const recorder = new MediaRecorder(stream, {
        mimeType: 'video/webm;codecs=vp8',
        videoBitsPerSecond: 800_000,
        videoKeyFrameIntervalDuration: 2000,
      });
      const chunks = [];
      recorder.ondataavailable = (event) => chunks.push(event.data);
      const stopped = new Promise((resolve) => (recorder.onstop = resolve));
      recorder.start(1000);
      const start = images[0].at;
      const begun = performance.now();
      for (const { image, at } of images) {
        const wait = (at - start) * 1000 - (performance.now() - begun);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        context.drawImage(image, 0, 0, size.width, size.height);
      }
      await new Promise((resolve) => setTimeout(resolve, 1200));
      recorder.stop();
      await stopped;
      const length = performance.now() - begun;
      const blob = new Blob(chunks, { type: 'video/webm' });
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = '';
      for (let index = 0; index < bytes.length; index += 0x8000)
        binary += String.fromCharCode(...bytes.subarray(index, index + 0x8000));
      return { data: btoa(binary), length };
    },
    { shots: frames, size: viewport },
  );
  const buffer = withDuration(Buffer.from(webm.data, 'base64'), webm.length);
  writeFileSync(new URL(`${note}/${file}`, notes), buffer);
  console.log(`${note}/${file}: ${buffer.length} bytes from ${frames.length} frames`);
}

const owner = await signedIn(desktop);
await picture(owner.page, '/dashboard', '2026-11-22-sales-and-wallet', 'dashboard.webp');
await picture(owner.page, '/vip-card/list', '2026-11-24-member-cards', 'card-list.webp');
await picture(owner.page, '/promotion', '2026-11-24-promotions', 'promotions.webp');
await picture(owner.page, '/user/payment', '2026-11-24-payments', 'payment-options.webp');
const small = await signedIn(phone);
await picture(small.page, '/device', '2026-11-24-phone-and-accessibility', 'devices-phone.webp', { width: 390 });

const recorder = await signedIn({ width: 960, height: 600 });
// The device list once before, so the recording shows it at once; the release notes opened, so it shows no
// what's-new mark.
await recorder.page.goto('/device');
await settled(recorder.page);
await recorder.page.goto('/user/app');
await settled(recorder.page);
await recorder.page.getByRole('menuitem', { name: 'Overview' }).click();
await settled(recorder.page);
await recorder.page.waitForTimeout(1500);
await record(recorder.page, '2026-11-22-devices-remote-control', 'device-tour.webm', async (page, hold) => {
  await page.waitForTimeout(1200);
  // Through the menu, as a person goes: the app stays loaded between screens.
  await page.getByRole('menuitem', { name: 'Devices' }).click();
  await settled(page);
  await hold();
  await page.waitForTimeout(3500);
  await page.locator('.device-row').first().click();
  await page.waitForURL(/\/device\/info/);
  await settled(page);
  await hold();
  await page.waitForTimeout(3500);
  await page.mouse.wheel(0, 400);
  await page.waitForTimeout(500);
  await hold();
  await page.waitForTimeout(4000);
  await hold();
});
await recorder.page.goto('/device');
await settled(recorder.page);
await recorder.page.waitForTimeout(1500);
writeFileSync(
  new URL('2026-11-22-devices-remote-control/device-tour-poster.webp', notes),
  await toWebp(await recorder.page.screenshot({ animations: 'disabled' }), 960),
);
await browser.close();
