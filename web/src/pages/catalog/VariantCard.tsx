import type { ProductInput } from "@store/contract";
import { Button, Card, Col, Form, InputGroup, Row } from "react-bootstrap";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import {
  FieldError,
  ImagePicker,
  inputAria,
  NumberInput,
  type ShownError,
  StatusSwitch,
} from "../../components";
import { translate } from "../../i18n/messages";

/** One variant of the product form: id, image, name, quantity, SKU, prices, status, delete. */
export function VariantCard({
  index,
  variantId,
  control,
  register,
  errors,
  onDelete,
}: {
  index: number;
  variantId: number | undefined;
  control: Control<ProductInput>;
  register: UseFormRegister<ProductInput>;
  errors: FieldErrors<ProductInput>;
  onDelete: () => void;
}) {
  const id = (field: string) => `variant-${index}-${field}`;
  const fieldErrors = errors.variants?.[index];
  /** The input's id, validity and message, tied together (aria-describedby). */
  const bind = (field: "name" | "qtt" | "sku" | "price" | "dis", message: ShownError) => ({
    aria: inputAria(id(field), message, false),
    error: <FieldError id={id(field)} error={message} />,
  });
  const name = bind("name", fieldErrors?.variant_name);
  const qtt = bind("qtt", fieldErrors?.variant_qtt);
  const sku = bind("sku", fieldErrors?.variant_sku);
  const price = bind("price", fieldErrors?.variant_price);
  const dis = bind("dis", fieldErrors?.variant_dis_price);
  return (
    <Card
      as="section"
      className="mb-3"
      aria-label={translate("Variant {{count}}", { count: index + 1 })}
    >
      <Card.Header className="d-flex justify-content-between align-items-center">
        <span>
          {translate("Variant {{count}}", { count: index + 1 })}{" "}
          <small className="text-muted">ID: {variantId ?? translate("New")}</small>
        </span>
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          {translate("Delete")}
        </Button>
      </Card.Header>
      <Card.Body>
        <Form.Group className="mb-3">
          <Form.Label htmlFor={id("image")}>{translate("Variant Image")}</Form.Label>
          <Controller
            control={control}
            name={`variants.${index}.variant_image`}
            render={({ field }) => (
              <ImagePicker
                id={id("image")}
                label="Variant Image"
                kind="product"
                value={field.value ? [field.value] : []}
                onChange={(names) => field.onChange(names[0] ?? "")}
              />
            )}
          />
        </Form.Group>
        <Row className="g-3">
          <Col md={6}>
            <Form.Label htmlFor={id("name")}>{translate("Variant Name")}</Form.Label>
            <Form.Control {...name.aria} {...register(`variants.${index}.variant_name`)} />
            {name.error}
          </Col>
          <Col md={6}>
            <Form.Label htmlFor={id("qtt")}>{translate("Quantity")}</Form.Label>
            <NumberInput step="1" {...qtt.aria} {...register(`variants.${index}.variant_qtt`)} />
            {qtt.error}
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("sku")}>SKU</Form.Label>
            <Form.Control {...sku.aria} {...register(`variants.${index}.variant_sku`)} />
            {sku.error}
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("price")}>{translate("Price")}</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>RM</InputGroup.Text>
              <NumberInput
                step="0.01"
                {...price.aria}
                {...register(`variants.${index}.variant_price`)}
              />
            </InputGroup>
            {price.error}
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("dis")}>{translate("Discount Price")}</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>RM</InputGroup.Text>
              <NumberInput
                step="0.01"
                {...dis.aria}
                {...register(`variants.${index}.variant_dis_price`)}
              />
            </InputGroup>
            {dis.error}
          </Col>
        </Row>
        <StatusSwitch
          control={control}
          name={`variants.${index}.variant_status`}
          id={id("status")}
          className="mt-3"
        />
      </Card.Body>
    </Card>
  );
}
