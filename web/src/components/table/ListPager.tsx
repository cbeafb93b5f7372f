import { Pagination } from "react-bootstrap";
import { translate } from "../../i18n/messages";
import type { ListState } from "../useListState";

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
export function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set(
    [1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last),
  );
  if (current <= 3) for (let p = 1; p <= Math.min(5, last); p++) pages.add(p);
  if (current >= last - 2) for (let p = Math.max(1, last - 4); p <= last; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] ?? p) > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/**
 * Under a list: "Showing a to b of n entries" and the pages. A capped total
 * (a search or filter with more matches than the server counts) says "more
 * than" (docs/decisions/list-totals-capped.md), and the pager goes one page
 * past each full page.
 */
export function ListPager({
  list,
  shown,
  total,
  capped,
}: {
  list: ListState;
  /** The rows on this page. */
  shown: number;
  total: number;
  capped: boolean;
}) {
  const lastPage = lastPageOf(list, shown, total, capped);
  const offset = (list.page - 1) * list.size;
  const [from, to] = [offset + 1, offset + shown];
  const showing = !shown
    ? translate("Showing 0 entries")
    : capped
      ? translate("Showing {{from}} to {{to}} of more than {{total}} entries", {
          from,
          to,
          total: total.toLocaleString("en"),
        })
      : translate("Showing {{from}} to {{to}} of {{total}} entries", {
          from,
          to,
          total: String(total),
        });
  return (
    <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
      <small className="text-muted">{showing}</small>
      <Pagination size="sm" className="mb-0" aria-label={translate("Pagination")}>
        <Pagination.Item disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
          {translate("Previous")}
        </Pagination.Item>
        {pageWindow(list.page, lastPage).map((p, i) =>
          p === "gap" ? (
            // Bootstrap's Ellipsis names itself "More" in English only.
            <Pagination.Item key={`gap-${i}`} disabled>
              <span aria-hidden="true">…</span>
              <span className="visually-hidden">{translate("More")}</span>
            </Pagination.Item>
          ) : (
            <Pagination.Item key={p} active={p === list.page} onClick={() => list.setPage(p)}>
              {p}
            </Pagination.Item>
          ),
        )}
        <Pagination.Item
          disabled={list.page >= lastPage}
          onClick={() => list.setPage(list.page + 1)}
        >
          {translate("Next")}
        </Pagination.Item>
      </Pagination>
    </div>
  );
}

/** The last page: a capped total is a lower bound, so a full page has one more after it. */
export function lastPageOf(list: ListState, shown: number, total: number, capped: boolean): number {
  const fullPage = shown === list.size;
  return Math.max(1, Math.ceil(total / list.size), capped && fullPage ? list.page + 1 : 1);
}
