/** One key per opening of a money dialog: a double click or a retry sends the same key, a new opening a new one. */
export function newIdempotencyKey(purpose: string): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  return `${purpose}-${random}`;
}
