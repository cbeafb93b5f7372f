import { DEFAULT_MAX_PRICE, DEFAULT_MIN_PRICE, type Product } from "@store/contract";
import { useEffect, useState } from "react";
import { Button, Form, Pagination } from "react-bootstrap";
import { Link } from "react-router";
import { categories, products, useRemoveProduct } from "../../api/catalog";
import { recordVersion } from "../../api/client";
import {
  type BulkAction,
  BulkBar,
  CardSkeleton,
  deleteAction,
  ExportButton,
  FilterField,
  ListError,
  type ListFilter,
  listFailed,
  PageHeader,
  SearchBox,
  SelectBox,
  SelectPageBox,
  statusActions,
  statusFilter,
  useDeleteDialog,
  useListState,
  useSelection,
} from "../../components";
import { translate } from "../../i18n/messages";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { PriceFilter } from "./PriceFilter";
import { ProductCard } from "./ProductCard";

const PAGE_SIZE = 12;

/** A product goes with its variants, as a single delete says. */
const productDelete: BulkAction = {
  ...deleteAction,
  question: (what) =>
    translate("Are you sure you want to delete {{what}} and their variants?", { what }),
};

/** The sort choices of the cards (the list's own order, newest first, when none). */
const SORTS: { value: string; label: string }[] = [
  { value: "", label: "Newest first" },
  { value: "created_at:asc", label: "Oldest first" },
  { value: "product_name:asc", label: "Name (A to Z)" },
  { value: "product_name:desc", label: "Name (Z to A)" },
  { value: "price:asc", label: "Price (low to high)" },
  { value: "price:desc", label: "Price (high to low)" },
  { value: "stock_qtt:asc", label: "Stock (low to high)" },
  { value: "rating:desc", label: "Rating (high to low)" },
];

/**
 * The top bar's low-stock alerts link here with these (GET notifications);
 * such a view is at any price, so it lists what the alert counted.
 */
const LOW_STOCK = ["stock_qtt_lte", "variant_qtt_min_lte"];

/**
 * The filters, in the URL as before (cat, min, max, q, page; product_status):
 * the price range is always sent, its defaults 1 and 1500 when the URL has none
 * (docs/REQUIREMENTS.md section 5).
 */
const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "cat",
    param: "category_id",
    label: "Categories",
    options: [],
    multiple: true,
    custom: true,
  },
  {
    kind: "choice",
    name: "min",
    param: "min_price",
    label: "Min",
    options: [],
    defaultValue: String(DEFAULT_MIN_PRICE),
    noDefaultWith: LOW_STOCK,
    custom: true,
  },
  {
    kind: "choice",
    name: "max",
    param: "max_price",
    label: "Max",
    options: [],
    defaultValue: String(DEFAULT_MAX_PRICE),
    noDefaultWith: LOW_STOCK,
    custom: true,
  },
  { ...statusFilter("product_status"), custom: true },
  { kind: "choice", name: "stock_qtt_lte", label: "Stock at most", options: [], custom: true },
  {
    kind: "choice",
    name: "variant_qtt_min_lte",
    label: "A variant's stock at most",
    options: [],
    custom: true,
  },
];
const statusField = filters[3] as ListFilter;
const stockFilters = filters.slice(4);

/** A price bound from the URL: a number at least 0, else the default. */
function bound(values: string[], fallback: number): number {
  const value = values[0] === undefined ? Number.NaN : Number(values[0]);
  return Number.isFinite(value) && value >= 0 ? value : fallback;
}

/**
 * /products: the filter panel, a search box and the product cards, on the
 * shared list state (useListState) like every list: search, sort, filters,
 * Export and the bulk actions.
 */
export default function ProductList({ resource }: ScreenProps) {
  const list = useListState({ filters, pageSizes: [PAGE_SIZE] });
  const mayAdd = useMayDo("create", resource);
  const [showFilters, setShowFilters] = useState(true);
  const categoryList = categories.useAll();
  const remove = useRemoveProduct();
  const bulk = products.useBulk(categories.keys.all, ["productsVariants"]);
  const selection = useSelection(list);
  const deleteDialog = useDeleteDialog<Product>({
    remove,
    idOf: (p) => p.product_id,
    nameOf: (p) => p.product_name,
    question: (p) =>
      translate('Are you sure you want to delete "{{name}}" and its\' variant?', {
        name: p.product_name,
      }),
  });
  const categoryIds = list
    .values("cat")
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  const min = bound(list.values("min"), DEFAULT_MIN_PRICE);
  const max = bound(list.values("max"), DEFAULT_MAX_PRICE);
  // A low-stock view without a price of its own is at any price (the hook sends none then).
  const sent = list.filterParams;
  const anyPrice = sent.min_price === undefined && sent.max_price === undefined;
  const query = products.useList({
    ...list.params,
    category_id: categoryIds,
    min_price: sent.min_price === undefined ? undefined : min,
    max_price: sent.max_price === undefined ? undefined : max,
  });
  const { data, isLoading, isFetching } = query;

  const toggleCategory = (id: number, on: boolean) =>
    list.setFilter(
      "cat",
      (on ? [...categoryIds, id] : categoryIds.filter((c) => c !== id)).map(String),
    );
  const lastPage = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));
  const pageRows = (data?.rows ?? []).map((p) => ({
    id: p.product_id,
    name: p.product_name,
    version: recordVersion(p),
  }));
  const sortValue = list.sort ? `${list.sort}:${list.order}` : "";
  const { setPage } = list;

  // A page past the end (after deletes or a narrower filter) goes back to the last one.
  useEffect(() => {
    if (data && list.page > lastPage) setPage(lastPage);
  }, [data, list.page, lastPage, setPage]);

  return (
    <>
      <PageHeader title={translate("Products")}>
        <Button variant="outline-secondary" onClick={() => setShowFilters((v) => !v)}>
          {showFilters ? translate("Hide Filters") : translate("Show Filters")}
        </Button>
        {mayAdd && (
          <Link to={resource.add?.path ?? ""} className="btn btn-primary">
            {translate("Add Product")}
          </Link>
        )}
      </PageHeader>
      <div className="row g-3">
        {showFilters && (
          <aside className="col-12 col-lg-3" aria-label={translate("Filters")}>
            <div className="card p-3">
              <div className="d-flex justify-content-between align-items-center mb-2">
                <h2 className="h6 mb-0">{translate("Filters")}</h2>
                <Button size="sm" variant="outline-secondary" onClick={list.clearFilters}>
                  {translate("Reset")}
                </Button>
              </div>
              <fieldset className="mb-3">
                <legend className="fs-6 fw-semibold">{translate("Categories")}</legend>
                {categoryList.data?.map((c) => (
                  <Form.Check
                    key={c.category_id}
                    id={`category-${c.category_id}`}
                    label={`${c.category_name} (${c.products_in_cat})`}
                    checked={categoryIds.includes(c.category_id)}
                    onChange={(e) => toggleCategory(c.category_id, e.target.checked)}
                  />
                ))}
                {categoryList.data?.length === 0 && (
                  <small className="text-muted">{translate("No categories yet.")}</small>
                )}
              </fieldset>
              {anyPrice ? (
                <p className="small text-muted mb-0">
                  {translate("Price: any (a low-stock view)")}
                </p>
              ) : (
                <PriceFilter
                  min={min}
                  max={max}
                  onChange={(range) =>
                    list.setFilters({ min: [String(range.min)], max: [String(range.max)] })
                  }
                />
              )}
              <div className="mt-3">
                <FilterField list={list} filter={statusField} />
              </div>
              {stockFilters.map((f) => {
                const [value] = list.values(f.name);
                return value === undefined ? null : (
                  <div key={f.name} className="mt-3 d-flex align-items-center gap-2 small">
                    <span>
                      {translate(f.label)}: {value}
                    </span>
                    <Button
                      size="sm"
                      variant="link"
                      className="p-0"
                      aria-label={translate("Remove filter {{field}}", {
                        field: translate(f.label),
                      })}
                      onClick={() => list.setFilter(f.name, [])}
                    >
                      ×
                    </Button>
                  </div>
                );
              })}
            </div>
          </aside>
        )}
        <section
          className={showFilters ? "col-12 col-lg-9" : "col-12"}
          aria-label={translate("Products")}
        >
          <SearchBox
            list={list}
            label="Search products"
            visibleLabel={null}
            placeholder={translate("Search by name or SKU")}
            className="mb-3"
          />
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <SelectPageBox selection={selection} rows={pageRows} />
            <Form.Select
              size="sm"
              style={{ width: "auto" }}
              aria-label={translate("Sort by")}
              value={SORTS.some((o) => o.value === sortValue) ? sortValue : ""}
              onChange={(e) => {
                const [field, order] = e.target.value.split(":");
                list.sortBy(field || undefined, order === "desc" ? "desc" : "asc");
              }}
            >
              {SORTS.map((o) => (
                <option key={o.value} value={o.value}>
                  {translate(o.label)}
                </option>
              ))}
            </Form.Select>
            <div className="ms-auto">
              <ExportButton list={list} from={products.list} />
            </div>
          </div>
          <BulkBar
            selection={selection}
            pageRows={pageRows}
            total={data?.total ?? 0}
            capped={data?.capped === true}
            noun={{ one: "product", many: "products" }}
            actions={[...statusActions, productDelete]}
            run={bulk}
            filter={list.filterParams}
          />
          {listFailed(query) ? (
            <div className="card">
              <ListError query={query} />
            </div>
          ) : isLoading ? (
            <CardSkeleton count={6} />
          ) : data?.rows.length ? (
            <div className="row g-3" aria-busy={isFetching}>
              {data.rows.map((p) => (
                <div key={p.product_id} className="col-12 col-sm-6 col-xl-4">
                  <ProductCard
                    product={p}
                    editTo={resource.editLink?.(p.product_id) ?? ""}
                    previewTo={`${resource.more?.preview?.path}?${resource.idParam}=${p.product_id}`}
                    onDelete={deleteDialog.ask}
                    selectBox={
                      <SelectBox
                        selection={selection}
                        id={p.product_id}
                        name={p.product_name}
                        version={recordVersion(p)}
                      />
                    }
                  />
                </div>
              ))}
            </div>
          ) : (
            <div className="card p-4 text-center text-muted">
              {translate("No products match these filters.")}
            </div>
          )}
          {lastPage > 1 && (
            <Pagination
              size="sm"
              className="mt-3 align-items-center gap-2"
              aria-label={translate("Pagination")}
            >
              <Pagination.Item
                disabled={list.page <= 1}
                onClick={() => list.setPage(list.page - 1)}
              >
                {translate("Previous")}
              </Pagination.Item>
              <li className="small text-muted">
                {translate("Page {{count}} of {{total}}", { count: list.page, total: lastPage })}
              </li>
              <Pagination.Item
                disabled={list.page >= lastPage}
                onClick={() => list.setPage(list.page + 1)}
              >
                {translate("Next")}
              </Pagination.Item>
            </Pagination>
          )}
        </section>
      </div>
      {deleteDialog.dialog}
    </>
  );
}
