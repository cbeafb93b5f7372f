import { z } from "zod";
import { text } from "./primitives";

export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 10;

/**
 * Paging parameters of every list call (docs/REQUIREMENTS.md). Without `_page` and
 * `_limit` a list answers every record; with them, one page and the total in
 * the X-Total-Count header. Shared by the server's list calls and the web
 * app's URL state.
 */
export const listQuery = z.object({
  _page: z.coerce.number().int().min(1).optional(),
  _limit: z.coerce.number().int().min(1).max(1000).optional(),
  _sort: text()
    .regex(/^[A-Za-z_]+$/)
    .optional(),
  _order: z.enum(["asc", "desc"]).optional(),
  q: text().trim().max(200).optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export const errorBody = z.object({ message: z.string() });
export const validationErrorBody = z.object({
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export const statusErrorBody = z.object({ status: z.number(), message: z.string() });
export const okBody = z.object({ status: z.number(), message: z.string() });
