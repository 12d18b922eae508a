import { existsSync, readdirSync, statSync } from 'node:fs';
import { languageCodes } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';

// Every user-visible feature area has a release note (docs/release-notes.md, "Feature areas"). An area is a
// feature folder of the web app, a part of one that shipped on its own (named by the file that makes it),
// or an interface language added after the first release. A new one fails here until its note is written.

const features = new URL('../src/features/', import.meta.url);
const notes = new URL('../src/features/release-log/notes/', import.meta.url);
const dirs = (url: URL) => readdirSync(url).filter((name) => statSync(new URL(name, url)).isDirectory());

/** Each feature folder and the notes that announce it or change it. */
const featureFolders: Record<string, readonly string[]> = {
  admin: ['2026-11-24-payments', '2026-11-27-no-sandbox-in-production'],
  audit: ['2026-11-22-staff-and-audit'],
  'bank-account': ['2026-11-22-sales-and-wallet'],
  cards: ['2026-11-24-member-cards', '2026-11-27-card-spend-is-revenue'],
  cashbox: ['2026-11-22-sales-and-wallet'],
  checkout: ['2026-11-24-payments'],
  dashboard: ['2026-11-22-sales-and-wallet', '2026-11-28-overview-at-phone-speed', '2026-11-29-screens-open-smoother'],
  device: [
    '2026-11-22-devices-remote-control',
    '2026-11-24-machine-prices-shown',
    '2026-11-28-remote-actions-by-state',
    '2026-11-28-live-place-page',
    '2026-11-28-overview-at-phone-speed',
    '2026-11-29-offline-stays-offline',
    '2026-11-29-screens-open-smoother',
  ],
  'device-log': ['2026-11-22-devices-remote-control'],
  hardware: ['2026-11-28-form-checks'],
  language: ['2026-11-24-japanese'],
  member: ['2026-11-22-staff-and-audit'],
  merchant: ['2026-11-28-form-checks'],
  notification: ['2026-11-24-notification-centre', '2026-11-28-notification-defaults'],
  payment: ['2026-11-24-payments'],
  place: ['2026-11-24-payments', '2026-11-22-pickers-list-everything', '2026-11-28-live-place-page'],
  product: ['2026-11-24-machine-prices-shown'],
  profile: ['2026-11-24-japanese'],
  promotion: ['2026-11-24-promotions'],
  'release-log': ['2026-11-24-release-notes', '2026-11-27-release-log-date', '2026-11-29-notes-show-code'],
  shell: ['2026-11-24-phone-and-accessibility'],
  'sign-in': ['2026-11-27-sign-in-any-address'],
  transaction: [
    '2026-11-22-sales-and-wallet',
    '2026-11-27-device-time',
    '2026-11-28-records-counts-agree',
    '2026-11-29-filtered-records-quicker',
    '2026-11-29-exports-give-way',
    '2026-11-29-quick-after-restart',
  ],
  wallet: ['2026-11-22-sales-and-wallet', '2026-11-27-no-sandbox-in-production'],
};

/** Parts of a feature that shipped on their own, by the file (under features/) that makes each. */
const featureParts: Record<string, { file: string; notes: readonly string[] }> = {
  'commands to many machines': {
    file: 'device/components/batch-command-dialog.tsx',
    notes: ['2026-11-24-commands-to-many-machines'],
  },
  'notification settings': {
    file: 'notification/components/notification-settings.tsx',
    notes: ['2026-11-24-notification-centre'],
  },
  'card machine state': { file: 'cards/components/ok-machine-state-screen.tsx', notes: ['2026-11-24-member-cards'] },
  'public status page of a place': {
    file: 'place/components/public-page-card.tsx',
    notes: ['2026-11-28-live-place-page'],
  },
};

/** The interface languages of the first release (spec section 1); each one added later has its note. */
const firstLanguages = ['zh-TW', 'en', 'zh-HK', 'th', 'vi', 'ms', 'zh-CN'];
const languageNotes: Record<string, readonly string[]> = { ja: ['2026-11-24-japanese'] };

describe('release notes of the feature areas', () => {
  const written = new Set(dirs(notes));

  it('names the notes of every feature folder of the web app', () => {
    expect(Object.keys(featureFolders).sort()).toEqual(dirs(features).sort());
  });

  it.each(Object.entries(featureFolders))('has a note for %s', (_area, names) => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(written.has(name), name).toBe(true);
  });

  it.each(Object.entries(featureParts))('has a note for %s, a part that still exists', (_part, { file, notes }) => {
    expect(existsSync(new URL(file, features)), file).toBe(true);
    for (const name of notes) expect(written.has(name), name).toBe(true);
  });

  it('has a note for every interface language added after the first release', () => {
    const added = languageCodes.filter((code) => !firstLanguages.includes(code));
    expect(added.sort()).toEqual(Object.keys(languageNotes).sort());
    for (const name of Object.values(languageNotes).flat()) expect(written.has(name), name).toBe(true);
  });
});
