/** What a machine answers to a command: done, or refused with a catalogue code. */
export type CommandResult = { ok: true } | { ok: false; code: number; detail?: string };

export const ok: CommandResult = { ok: true };
export const fail = (code: number, detail?: string): CommandResult => ({
  ok: false,
  code,
  ...(detail ? { detail } : {}),
});
