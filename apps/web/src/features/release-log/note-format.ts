import { z } from 'zod';

export { isCalendarDay, parseNoteFolder } from './note-folder';

/** The kinds of release note of spec section 9. */
export const noteTypes = ['new', 'fix', 'improvement'] as const;
export type NoteType = (typeof noteTypes)[number];

/** `notes/<date>-<slug>/entry.json`: what a note is and which media it shows; the words are in `<lang>.md`. */
export const noteMeta = z
  .object({
    type: z.enum(noteTypes),
    picture: z.string().optional(),
    video: z.object({ file: z.string(), poster: z.string().optional() }).strict().optional(),
  })
  .strict()
  .refine((meta) => !(meta.picture && meta.video), 'a note shows a picture or a video, not both');
export type NoteMeta = z.infer<typeof noteMeta>;

export type NoteBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };
export type NoteText = { title: string; media?: string; blocks: NoteBlock[] };

/**
 * A note's words: a front matter of `key: value` lines between `---` (title, and media: the picture's
 * description or the video's), then paragraphs separated by blank lines and lists of `- ` lines, in
 * whose text a name between backticks (a command, a setting) is shown as code (`textSpans`).
 */
export function parseNoteText(source: string): NoteText {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  if (lines[0]?.trim() !== '---') throw new Error('a note starts with a front matter between --- lines');
  const end = lines.indexOf('---', 1);
  if (end < 0) throw new Error('the front matter has no closing ---');
  const fields = new Map<string, string>();
  for (const line of lines.slice(1, end)) {
    const colon = line.indexOf(':');
    if (colon > 0) fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const title = fields.get('title');
  if (!title) throw new Error('a note has a title');
  const media = fields.get('media');
  return { title, ...(media ? { media } : {}), blocks: parseBlocks(lines.slice(end + 1)) };
}

function parseBlocks(lines: readonly string[]): NoteBlock[] {
  const blocks: NoteBlock[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith('- ')) {
      if (paragraph.length) flush();
      (list ??= []).push(line.slice(2).trim());
    } else if (list && raw.startsWith('  ')) {
      // An indented line continues the list item above it.
      list[list.length - 1] += ` ${line}`;
    } else {
      if (list) flush();
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}

/** A piece of a paragraph or list item: plain words, or a name written between backticks. */
export type TextSpan = { code: boolean; text: string };

/**
 * A paragraph's or list item's text cut at its backticks: what is between a pair is code. A text with
 * an unpaired backtick is left as it is (the notes' test refuses one).
 */
export function textSpans(text: string): TextSpan[] {
  const parts = text.split('`');
  if (parts.length % 2 === 0) return [{ code: false, text }];
  return parts.map((part, index) => ({ code: index % 2 === 1, text: part })).filter((span) => span.text !== '');
}
