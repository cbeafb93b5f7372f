import { Fragment, useState } from "react";
import { Button, ButtonGroup, Carousel, Col, Form, Row, Tab, Tabs } from "react-bootstrap";
import { Link } from "react-router";
import { DEFAULT_PRODUCT_IMAGE, PageHeader } from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

/** The sample product of the static preview (docs/REQUIREMENTS.md section 2: a mock, not the product's own data). */
const SAMPLE = {
  name: "Sample Product",
  price: "129.00",
  normalPrice: "159.00",
  rating: "4.5",
  slides: ["Front view", "Side view", "Back view"],
  variations: ["Black", "White", "Red"],
  description:
    "A sample description of the product, written the way a customer reads it on the store.",
  details: [
    ["SKU", "SAMPLE-001"],
    ["Dimensions", "20 x 10 CM"],
    ["Weight", "0.5 KG"],
  ],
  reviews: [
    ["Aisyah", "Lovely quality, arrived quickly."],
    ["Wei Jie", "Exactly as pictured."],
  ],
};

const MIN_QUANTITY = 1;
const MAX_QUANTITY = 99;

const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(MIN_QUANTITY, Math.trunc(n) || 1));

/** /productDetails?pid=: a static preview of a product page; its buttons only alert. */
export default function ProductDetails({ resource }: ScreenProps) {
  const [variation, setVariation] = useState(SAMPLE.variations[0]);
  const [quantity, setQuantity] = useState(1);
  const [favourite, setFavourite] = useState(false);

  return (
    <>
      <PageHeader title={translate("Product Preview")} backTo={resource.list.path}>
        {/* The original's Go Back pointed at /product, a 404; it goes to the list
            (docs/REQUIREMENTS.md section 10). */}
        <Link to={resource.list.path} className="btn btn-outline-secondary">
          {translate("Go Back")}
        </Link>
      </PageHeader>
      <p className="text-muted">{translate("This is what user will see.")}</p>
      <div className="card p-3">
        <Row className="g-4">
          <Col md={6}>
            <Carousel
              interval={null}
              variant="dark"
              aria-label={translate("Product images")}
              prevLabel={translate("Previous")}
              nextLabel={translate("Next")}
            >
              {SAMPLE.slides.map((caption) => (
                <Carousel.Item key={caption}>
                  <img
                    src={DEFAULT_PRODUCT_IMAGE}
                    alt={translate(caption)}
                    className="d-block w-100 bg-light"
                    style={{ height: 320, objectFit: "contain" }}
                  />
                  <Carousel.Caption>
                    <p className="mb-0">{translate(caption)}</p>
                  </Carousel.Caption>
                </Carousel.Item>
              ))}
            </Carousel>
          </Col>
          <Col md={6}>
            <div className="d-flex justify-content-between align-items-start">
              <h2 className="h4">{translate(SAMPLE.name)}</h2>
              <Button
                variant={favourite ? "danger" : "outline-danger"}
                aria-pressed={favourite}
                aria-label={translate("Favourite")}
                onClick={() => setFavourite((v) => !v)}
              >
                {favourite ? "♥" : "♡"}
              </Button>
            </div>
            <div className="mb-2">
              <span className="text-warning">★</span> {SAMPLE.rating}
            </div>
            <div className="mb-3">
              <s className="text-muted me-2">{formatMoney(SAMPLE.normalPrice)}</s>
              <strong className="fs-4 text-danger">{formatMoney(SAMPLE.price)}</strong>
            </div>
            <fieldset className="mb-3">
              <legend className="fs-6">{translate("Variation")}</legend>
              <ButtonGroup>
                {SAMPLE.variations.map((v) => (
                  <Button
                    key={v}
                    variant={v === variation ? "primary" : "outline-primary"}
                    aria-pressed={v === variation}
                    onClick={() => setVariation(v)}
                  >
                    {translate(v)}
                  </Button>
                ))}
              </ButtonGroup>
            </fieldset>
            <Form.Group className="mb-3" controlId="preview-quantity">
              <Form.Label>{translate("Quantity")}</Form.Label>
              <div className="d-flex gap-2" style={{ maxWidth: 200 }}>
                <Button
                  variant="outline-secondary"
                  aria-label={translate("Decrease quantity")}
                  disabled={quantity <= MIN_QUANTITY}
                  onClick={() => setQuantity((q) => clamp(q - 1))}
                >
                  −
                </Button>
                <Form.Control
                  type="number"
                  min={MIN_QUANTITY}
                  max={MAX_QUANTITY}
                  value={quantity}
                  onChange={(e) => setQuantity(clamp(Number(e.target.value)))}
                  className="text-center"
                />
                <Button
                  variant="outline-secondary"
                  aria-label={translate("Increase quantity")}
                  disabled={quantity >= MAX_QUANTITY}
                  onClick={() => setQuantity((q) => clamp(q + 1))}
                >
                  +
                </Button>
              </div>
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button onClick={() => window.alert(translate("Added to cart."))}>
                {translate("Add to Cart")}
              </Button>
              <Button
                variant="success"
                onClick={() => window.alert(translate("Proceeding to checkout."))}
              >
                {translate("Buy Now")}
              </Button>
              <Button
                variant="outline-secondary"
                onClick={() => window.alert(translate("Share this product with your friends."))}
              >
                {translate("Share")}
              </Button>
            </div>
          </Col>
        </Row>
        <Tabs defaultActiveKey="description" className="mt-4" id="preview-tabs">
          <Tab eventKey="description" title={translate("Description")} className="pt-3">
            <p>{translate(SAMPLE.description)}</p>
          </Tab>
          <Tab eventKey="details" title={translate("Product Details")} className="pt-3">
            <dl className="row mb-0">
              {SAMPLE.details.map(([term, value]) => (
                <Fragment key={term}>
                  <dt className="col-sm-3">{translate(term)}</dt>
                  <dd className="col-sm-9">{value}</dd>
                </Fragment>
              ))}
            </dl>
          </Tab>
          <Tab eventKey="reviews" title={translate("Reviews")} className="pt-3">
            {SAMPLE.reviews.map(([who, text]) => (
              <blockquote key={who} className="mb-2">
                <strong>{who}</strong>: {translate(text)}
              </blockquote>
            ))}
          </Tab>
        </Tabs>
      </div>
    </>
  );
}
