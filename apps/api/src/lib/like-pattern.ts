/** An ILIKE pattern matching `keyword` anywhere, with the pattern's own wildcards escaped. */
export const likePattern = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
