// A note's folder name, apart from the notes' schema (note-format.ts): the shell's what's-new mark reads the
// folders on every screen, and the schema would bring zod (about 180 KB of script) along with it.

const folderPattern = /^(\d{4}-\d{2}-\d{2})-([a-z0-9-]+)$/;

/** `2026-11-24-promotions` → its day and slug; null for a folder not named so. */
export function parseNoteFolder(folder: string): { date: string; slug: string } | null {
  const match = folderPattern.exec(folder);
  if (!match?.[1] || !match[2] || !isCalendarDay(match[1])) return null;
  return { date: match[1], slug: match[2] };
}

/** A real `YYYY-MM-DD` day (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}
