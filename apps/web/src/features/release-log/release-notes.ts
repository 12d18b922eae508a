import { fallbackLanguage, type LanguageCode } from '@sbo/contracts/constants';
import { queryOptions } from '@tanstack/react-query';
import { noteMeta, parseNoteFolder, parseNoteText, type NoteMeta, type NoteText, type NoteType } from './note-format';

const metaFiles = import.meta.glob<unknown>('./notes/*/entry.json', { import: 'default' });
const textFiles = import.meta.glob<string>('./notes/*/*.md', { query: '?raw', import: 'default' });
const mediaFiles = import.meta.glob<string>('./notes/*/*.{webp,png,webm,vtt}', {
  query: '?url',
  import: 'default',
  eager: true,
});

export type NoteVideo = { src: string; poster?: string; captions: { language: string; src: string }[] };
export type ReleaseNote = NoteText & {
  id: string;
  date: string;
  type: NoteType;
  picture?: string;
  video?: NoteVideo;
};

const folderOf = (path: string) => path.split('/')[2] ?? '';
const mediaUrl = (folder: string, file: string): string => {
  const url = mediaFiles[`./notes/${folder}/${file}`];
  if (!url) throw new Error(`release note ${folder} names ${file}, which is not in its folder`);
  return url;
};

function videoOf(folder: string, video: NonNullable<NoteMeta['video']>): NoteVideo {
  const captions = Object.keys(mediaFiles)
    .filter((path) => folderOf(path) === folder && path.endsWith('.vtt'))
    .map((path) => ({ language: path.replace(/^.*\//, '').replace(/\.vtt$/, ''), src: mediaFiles[path] ?? '' }));
  return {
    src: mediaUrl(folder, video.file),
    ...(video.poster ? { poster: mediaUrl(folder, video.poster) } : {}),
    captions,
  };
}

async function loadNote(folder: string, language: LanguageCode): Promise<ReleaseNote | null> {
  const name = parseNoteFolder(folder);
  const loadMeta = metaFiles[`./notes/${folder}/entry.json`];
  // Every language has every note (a test holds them to it); English stands in should one slip through.
  const loadText =
    textFiles[`./notes/${folder}/${language}.md`] ?? textFiles[`./notes/${folder}/${fallbackLanguage}.md`];
  if (!name || !loadMeta || !loadText) return null;
  const [meta, text] = await Promise.all([loadMeta().then((raw) => noteMeta.parse(raw)), loadText()]);
  return {
    id: folder,
    date: name.date,
    type: meta.type,
    ...parseNoteText(text),
    ...(meta.picture ? { picture: mediaUrl(folder, meta.picture) } : {}),
    ...(meta.video ? { video: videoOf(folder, meta.video) } : {}),
  };
}

const typeOrder: Record<NoteType, number> = { new: 0, improvement: 1, fix: 2 };

/** Newest day first; within a day what is new, then improvements, then fixes. */
function newestFirst(a: Pick<ReleaseNote, 'date' | 'type' | 'id'>, b: Pick<ReleaseNote, 'date' | 'type' | 'id'>) {
  return b.date.localeCompare(a.date) || typeOrder[a.type] - typeOrder[b.type] || a.id.localeCompare(b.id);
}

/** Every release note in one language, newest first. */
export async function loadReleaseNotes(language: LanguageCode): Promise<ReleaseNote[]> {
  const folders = [...new Set(Object.keys(metaFiles).map(folderOf))];
  const notes = await Promise.all(folders.map((folder) => loadNote(folder, language)));
  return notes.filter((note): note is ReleaseNote => note !== null).sort(newestFirst);
}

/** Notes grouped by day, newest day first (each day's notes in the order given). */
export function notesByDay(notes: readonly ReleaseNote[]): { date: string; notes: ReleaseNote[] }[] {
  const days = new Map<string, ReleaseNote[]>();
  for (const note of notes) days.set(note.date, [...(days.get(note.date) ?? []), note]);
  return [...days].map(([date, dayNotes]) => ({ date, notes: dayNotes })).sort((a, b) => b.date.localeCompare(a.date));
}

export const releaseNotesQuery = (language: LanguageCode) =>
  queryOptions({
    queryKey: ['releaseNotes', language],
    queryFn: () => loadReleaseNotes(language),
    // The notes ship with the app: they change only with a new build.
    staleTime: Number.POSITIVE_INFINITY,
  });
