import { DEFAULT_MAX_PRICE, DEFAULT_MIN_PRICE, type Product } from "@store/contract";
import { useEffect, useState } from "react";
import { Button, Form, Pagination } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { categories, products, useRemoveProduct } from "../../api/catalog";
import { CardSkeleton, PageHeader, useDeleteDialog } from "../../components";
import { PriceFilter } from "./PriceFilter";
import { ProductCard } from "./ProductCard";

const PAGE_SIZE = 12;

/**
 * The filters live in the URL (cat, min, max, q, page), so coming back from
 * an edit keeps the list as it was.
 */
function useProductFilters() {
  const [search, setSearch] = useSearchParams();
  const number = (key: string, fallback: number) => {
    const raw = search.get(key);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isFinite(value) && value >= 0 ? value : fallback;
  };
  const filters = {
    categoryIds: search
      .getAll("cat")
      .map(Number)
      .filter((id) => Number.isInteger(id) && id > 0),
    min: number("min", DEFAULT_MIN_PRICE),
    max: number("max", DEFAULT_MAX_PRICE),
    q: search.get("q") ?? "",
    page: Math.max(1, Math.floor(number("page", 1))),
  };
  function update(changes: {
    cat?: number[];
    min?: number;
    max?: number;
    q?: string;
    page?: number;
  }) {
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (changes.cat) {
          next.delete("cat");
          for (const id of changes.cat) next.append("cat", String(id));
        }
        for (const key of ["min", "max", "q"] as const) {
          const value = changes[key];
          if (value === undefined) continue;
          if (value === "") next.delete(key);
          else next.set(key, String(value));
        }
        // Any change of filter starts again at the first page.
        if (changes.page && changes.page > 1) next.set("page", String(changes.page));
        else next.delete("page");
        return next;
      },
      { replace: true },
    );
  }
  return { filters, update };
}

/** /products: the filter panel, a search box and the product cards. */
export default function ProductList() {
  const { filters, update } = useProductFilters();
  const [showFilters, setShowFilters] = useState(true);
  const [query, setQuery] = useState(filters.q);
  const categoryList = categories.useAll();
  const remove = useRemoveProduct();
  const deleteDialog = useDeleteDialog<Product>({
    remove,
    idOf: (p) => p.product_id,
    question: (p) => `Are you sure you want to delete "${p.product_name}" and its' variant?`,
  });
  const { data, isLoading, isFetching } = products.useList({
    _page: filters.page,
    _limit: PAGE_SIZE,
    q: filters.q || undefined,
    category_id: filters.categoryIds,
    min_price: filters.min,
    max_price: filters.max,
  });

  // Search as the admin types, after a short pause.
  useEffect(() => {
    if (query.trim() === filters.q) return;
    const timer = setTimeout(() => update({ q: query.trim() }), 300);
    return () => clearTimeout(timer);
  }, [query, filters.q, update]);

  const toggleCategory = (id: number, on: boolean) =>
    update({
      cat: on ? [...filters.categoryIds, id] : filters.categoryIds.filter((c) => c !== id),
    });
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  return (
    <>
      <PageHeader title="Products">
        <Button variant="outline-secondary" onClick={() => setShowFilters((v) => !v)}>
          {showFilters ? "Hide Filters" : "Show Filters"}
        </Button>
        <Link to="/addProduct" className="btn btn-primary">
          Add Product
        </Link>
      </PageHeader>
      <div className="row g-3">
        {showFilters && (
          <aside className="col-12 col-lg-3" aria-label="Filters">
            <div className="card p-3">
              <div className="d-flex justify-content-between align-items-center mb-2">
                <h2 className="h6 mb-0">Filters</h2>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() =>
                    update({ cat: [], min: DEFAULT_MIN_PRICE, max: DEFAULT_MAX_PRICE })
                  }
                >
                  Reset
                </Button>
              </div>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">Categories</legend>
                {categoryList.data?.map((c) => (
                  <Form.Check
                    key={c.category_id}
                    id={`category-${c.category_id}`}
                    label={`${c.category_name} (${c.products_in_cat})`}
                    checked={filters.categoryIds.includes(c.category_id)}
                    onChange={(e) => toggleCategory(c.category_id, e.target.checked)}
                  />
                ))}
                {categoryList.data?.length === 0 && (
                  <small className="text-muted">No categories yet.</small>
                )}
              </fieldset>
              <PriceFilter
                min={filters.min}
                max={filters.max}
                onChange={(range) => update(range)}
              />
            </div>
          </aside>
        )}
        <section className={showFilters ? "col-12 col-lg-9" : "col-12"} aria-label="Products">
          <Form.Control
            type="search"
            className="mb-3"
            placeholder="Search by name or SKU"
            aria-label="Search products"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
          {isLoading ? (
            <CardSkeleton count={6} />
          ) : data?.rows.length ? (
            <div className="row g-3" aria-busy={isFetching}>
              {data.rows.map((p) => (
                <div key={p.product_id} className="col-12 col-sm-6 col-xl-4">
                  <ProductCard product={p} onDelete={deleteDialog.ask} />
                </div>
              ))}
            </div>
          ) : (
            <div className="card p-4 text-center text-muted">No products match these filters.</div>
          )}
          {lastPage > 1 && (
            <Pagination size="sm" className="mt-3 align-items-center gap-2" aria-label="Pagination">
              <Pagination.Prev
                disabled={filters.page <= 1}
                onClick={() => update({ page: filters.page - 1 })}
              >
                Previous
              </Pagination.Prev>
              <span className="small text-muted">
                Page {filters.page} of {lastPage}
              </span>
              <Pagination.Next
                disabled={filters.page >= lastPage}
                onClick={() => update({ page: filters.page + 1 })}
              >
                Next
              </Pagination.Next>
            </Pagination>
          )}
        </section>
      </div>
      {deleteDialog.dialog}
    </>
  );
}
