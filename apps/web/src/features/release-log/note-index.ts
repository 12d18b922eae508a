import { parseNoteFolder } from './note-folder';

// Only the names of the notes' folders: the shell's what's-new mark needs no note's words.
const folders = Object.keys(import.meta.glob('./notes/*/entry.json')).map((path) => path.split('/')[2] ?? '');

/** Every release note's id (its folder, `<date>-<slug>`), newest first. */
export const releaseNoteIds: readonly string[] = folders
  .filter((folder) => parseNoteFolder(folder) !== null)
  .sort()
  .reverse();
