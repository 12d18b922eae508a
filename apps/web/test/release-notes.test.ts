import { readdirSync, readFileSync, statSync } from 'node:fs';
import { languageCodes } from '@sbo/contracts';
import { describe, expect, it } from 'vitest';
import { noteMeta, parseNoteFolder, parseNoteText, textSpans } from '../src/features/release-log/note-format';
import { releaseNoteIds } from '../src/features/release-log/note-index';
import { loadReleaseNotes, notesByDay } from '../src/features/release-log/release-notes';
import { unseenNoteIds } from '../src/features/release-log/whats-new';

const notesDir = new URL('../src/features/release-log/notes/', import.meta.url);
const folders = readdirSync(notesDir).filter((name) => statSync(new URL(name, notesDir)).isDirectory());
const read = (folder: string, file: string) => readFileSync(new URL(`${folder}/${file}`, notesDir), 'utf8');
const sizeOf = (folder: string, file: string) => statSync(new URL(`${folder}/${file}`, notesDir)).size;
const today = new Date().toISOString().slice(0, 10);

describe('release note files', () => {
  it('has notes, each in a folder named by its day and a slug, none dated in the future', () => {
    expect(folders.length).toBeGreaterThan(5);
    for (const folder of folders) {
      const name = parseNoteFolder(folder);
      expect(name, folder).not.toBeNull();
      expect(name!.date <= today, folder).toBe(true);
    }
  });

  describe.each(folders)('%s', (folder) => {
    const meta = noteMeta.parse(JSON.parse(read(folder, 'entry.json')));
    const hasMedia = Boolean(meta.picture ?? meta.video);

    it.each(languageCodes)('has its words in %s, with a title and text (and the media described)', (language) => {
      const text = parseNoteText(read(folder, `${language}.md`));
      expect(text.title.length).toBeGreaterThan(3);
      expect(text.blocks.length).toBeGreaterThan(0);
      expect(Boolean(text.media), 'media: describes the picture or video exactly when there is one').toBe(hasMedia);
      // A backtick without its pair would be shown as it is, not as code.
      for (const words of text.blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : block.items))) {
        expect(words.split('`').length % 2, `an unpaired backtick in: ${words}`).toBe(1);
      }
    });

    it('names only media that is in its folder, small enough for a phone', () => {
      if (meta.picture) expect(sizeOf(folder, meta.picture)).toBeLessThan(150_000);
      if (meta.video) {
        expect(sizeOf(folder, meta.video.file)).toBeLessThan(2_000_000);
        if (meta.video.poster) expect(sizeOf(folder, meta.video.poster)).toBeLessThan(150_000);
      }
    });

    it.runIf(Boolean(meta.video)).each(languageCodes)('has captions for its video in %s', (language) => {
      const captions = read(folder, `${language}.vtt`);
      expect(captions.startsWith('WEBVTT')).toBe(true);
      expect(captions).toMatch(/\d{2}:\d{2}:\d{2}\.\d{3} --> \d{2}:\d{2}:\d{2}\.\d{3}\n\S/);
    });
  });
});

describe('loadReleaseNotes', () => {
  it('gives every note in the language asked, newest day first, new before improvements before fixes', async () => {
    const notes = await loadReleaseNotes('th');
    expect(notes.map((note) => note.id).sort()).toEqual([...folders].sort());
    const dates = notes.map((note) => note.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const order = { new: 0, improvement: 1, fix: 2 };
    for (const day of notesByDay(notes)) {
      const ranks = day.notes.map((note) => order[note.type]);
      expect(ranks).toEqual([...ranks].sort());
    }
    const english = await loadReleaseNotes('en');
    expect(notes[0]!.title).not.toBe(english[0]!.title);
  });

  it('gives a video note its file, poster and a captions track per language', async () => {
    const video = (await loadReleaseNotes('en')).find((note) => note.video);
    expect(video?.video?.src).toMatch(/\.webm$/);
    expect(video?.video?.poster).toMatch(/\.webp$/);
    expect(video?.video?.captions.map((track) => track.language).sort()).toEqual([...languageCodes].sort());
  });

  it('groups notes by day, newest day first', async () => {
    const days = notesByDay(await loadReleaseNotes('en'));
    expect(days.map((day) => day.date)).toEqual(
      [...new Set(folders.map((folder) => folder.slice(0, 10)))].sort().reverse(),
    );
  });
});

describe('parseNoteText', () => {
  it('reads the front matter, paragraphs and lists', () => {
    const text = parseNoteText(
      '---\ntitle: Happy hours\nmedia: The promotion list\n---\n\nFirst line\nsame paragraph.\n\n- one\n- two\n  continued\n\nLast: words.\n',
    );
    expect(text).toEqual({
      title: 'Happy hours',
      media: 'The promotion list',
      blocks: [
        { kind: 'paragraph', text: 'First line same paragraph.' },
        { kind: 'list', items: ['one', 'two continued'] },
        { kind: 'paragraph', text: 'Last: words.' },
      ],
    });
  });

  it('refuses a note without a front matter or a title', () => {
    expect(() => parseNoteText('Just words')).toThrow();
    expect(() => parseNoteText('---\nmedia: x\n---\nWords')).toThrow();
    expect(() => parseNoteText('---\ntitle: Open\nWords')).toThrow();
  });
});

describe('textSpans', () => {
  it('shows what is between backticks as code, and leaves a text with an unpaired backtick as it is', () => {
    expect(textSpans('Set `A_B` and `npm run serve`.')).toEqual([
      { code: false, text: 'Set ' },
      { code: true, text: 'A_B' },
      { code: false, text: ' and ' },
      { code: true, text: 'npm run serve' },
      { code: false, text: '.' },
    ]);
    expect(textSpans('`npm run build` builds')).toEqual([
      { code: true, text: 'npm run build' },
      { code: false, text: ' builds' },
    ]);
    expect(textSpans('no code here')).toEqual([{ code: false, text: 'no code here' }]);
    expect(textSpans('one ` alone')).toEqual([{ code: false, text: 'one ` alone' }]);
  });
});

describe('parseNoteFolder', () => {
  it('takes a real day and a slug', () => {
    expect(parseNoteFolder('2026-11-24-promotions')).toEqual({ date: '2026-11-24', slug: 'promotions' });
    expect(parseNoteFolder('2026-02-30-promotions')).toBeNull();
    expect(parseNoteFolder('promotions')).toBeNull();
  });
});

describe("what's new", () => {
  it('counts the notes not seen', () => {
    expect(unseenNoteIds(['b', 'a'], [])).toEqual(['b', 'a']);
    expect(unseenNoteIds(['c', 'b', 'a'], ['a', 'b'])).toEqual(['c']);
    expect(unseenNoteIds(['a'], ['a', 'gone'])).toEqual([]);
  });

  it('knows every note, newest first', () => {
    expect([...releaseNoteIds].sort()).toEqual([...folders].sort());
    expect(releaseNoteIds[0]! >= releaseNoteIds[releaseNoteIds.length - 1]!).toBe(true);
  });
});
