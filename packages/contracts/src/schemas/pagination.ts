import { z } from 'zod';

/** The page a list asks for: 1-based, 20 rows unless it asks otherwise, at most 100 a page. */
export const pageQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One page of a list: its rows, how many rows match in all, and which page of what size it is. */
export const page = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
