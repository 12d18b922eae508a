/** The PostgreSQL error code (SQLSTATE) of a failed query, also when the query builder wrapped the driver's error. */
export function pgErrorCode(error: unknown): string | null {
  for (let current = error, depth = 0; current && depth < 3; depth += 1) {
    if (typeof current !== 'object') return null;
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}
