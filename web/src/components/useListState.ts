import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@store/contract";
import { useSearchParams } from "react-router";

/**
 * A list's page, page size and search, kept in the URL (page, size, q) so
 * that coming back from an edit screen keeps the list where it was.
 * `params` are the API's paging parameters.
 */
export function useListState() {
  const [search, setSearch] = useSearchParams();
  const page = Math.max(1, Number(search.get("page")) || 1);
  const sizeParam = Number(search.get("size"));
  const size = (PAGE_SIZES as readonly number[]).includes(sizeParam)
    ? sizeParam
    : DEFAULT_PAGE_SIZE;
  const q = search.get("q") ?? "";

  function update(changes: Record<string, string | number | undefined>) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === undefined || value === "" || (key === "page" && value === 1))
            next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      },
      { replace: true },
    );
  }

  return {
    page,
    size,
    q,
    params: { _page: page, _limit: size, q: q || undefined },
    setPage: (value: number) => update({ page: value }),
    setSize: (value: number) => update({ size: value, page: 1 }),
    setSearch: (value: string) => update({ q: value, page: 1 }),
  };
}
