import type { Product } from "@store/contract";
import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import { ImageWithFallback } from "../../components";
import { translate } from "../../i18n/messages";
import { formatDate, formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";

/** "(x) variation" or "No variation" (docs/REQUIREMENTS.md section 2). */
export function variationText(count: number): string {
  return count > 0 ? translate("({{count}}) variation", { count }) : translate("No variation");
}

/** A discount price counts when it is set and not zero. */
export function hasDiscount(p: Pick<Product, "discount_price">): boolean {
  return p.discount_price !== null && Number(p.discount_price) !== 0;
}

/** One product of the /products grid; `selectBox` ticks it for the bulk actions. */
export function ProductCard({
  product: p,
  editTo,
  previewTo,
  onDelete,
  selectBox,
}: {
  product: Product;
  /** Its edit screen and its preview. */
  editTo: string;
  previewTo: string;
  onDelete: (product: Product) => void;
  selectBox?: ReactNode;
}) {
  const firstImage = p.product_images.split(",").find((name) => name.trim() !== "");
  // Without catalog:manage a card offers View (the edit screen, read only) and no Delete.
  const mayEdit = useMayDo("update");
  const mayDelete = useMayDo("delete");
  return (
    <article className="card h-100 shadow-sm" aria-label={p.product_name}>
      {selectBox && (
        <div className="position-absolute top-0 start-0 m-2 px-1 bg-body rounded shadow-sm">
          {selectBox}
        </div>
      )}
      <Link to={previewTo} aria-label={translate("Preview {{name}}", { name: p.product_name })}>
        <ImageWithFallback
          fileName={firstImage}
          alt={p.product_name}
          className="card-img-top bg-light"
          style={{ height: 180, objectFit: "contain" }}
        />
      </Link>
      <div className="card-body d-flex flex-column gap-1">
        <h2 className="h6 mb-0">{p.product_name}</h2>
        <div className="small text-muted">SKU: {p.sku || "-"}</div>
        <div className="small">
          {translate("Category:")} {p.category_name ?? "-"}
        </div>
        <div className="small">{variationText(p.product_variation)}</div>
        <div data-testid="price">
          {hasDiscount(p) ? (
            <>
              <s className="text-muted me-1">{formatMoney(p.normal_price)}</s>{" "}
              <strong className="text-danger">{formatMoney(p.discount_price)}</strong>
            </>
          ) : (
            <strong>{formatMoney(p.normal_price)}</strong>
          )}
        </div>
        <div className="small">
          <span className="text-warning" aria-hidden="true">
            ★
          </span>{" "}
          {translate("Rating: {{rating}}", { rating: p.rating })}
        </div>
        <div className="small text-muted">
          {translate("Created:")} {formatDate(p.created_at)}
        </div>
        <div className="small">
          {translate("Cost Price:")} {formatMoney(p.cost_price)}
        </div>
      </div>
      <div className="card-footer bg-body d-flex gap-2">
        <Link
          to={editTo}
          className="btn btn-sm btn-outline-primary flex-fill"
          aria-label={
            mayEdit
              ? translate("Edit {{name}}", { name: p.product_name })
              : translate("View {{name}}", { name: p.product_name })
          }
        >
          {mayEdit ? translate("Edit") : translate("View")}
        </Link>
        {mayDelete && (
          <Button
            size="sm"
            variant="outline-danger"
            className="flex-fill"
            aria-label={translate("Delete {{name}}", { name: p.product_name })}
            onClick={() => onDelete(p)}
          >
            {translate("Delete")}
          </Button>
        )}
      </div>
    </article>
  );
}
