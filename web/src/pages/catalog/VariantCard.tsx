import type { ProductInput } from "@store/contract";
import { Button, Card, Col, Form, InputGroup, Row } from "react-bootstrap";
import { type Control, Controller, type FieldErrors, type UseFormRegister } from "react-hook-form";
import { ImagePicker, NumberInput, StatusSwitch } from "../../components";

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
  const invalid = (message: string | undefined) =>
    message ? (
      <div className="invalid-feedback d-block" role="alert">
        {message}
      </div>
    ) : null;
  return (
    <Card as="section" className="mb-3" aria-label={`Variant ${index + 1}`}>
      <Card.Header className="d-flex justify-content-between align-items-center">
        <span>
          Variant {index + 1} <small className="text-muted">ID: {variantId ?? "New"}</small>
        </span>
        <Button size="sm" variant="outline-danger" onClick={onDelete}>
          Delete
        </Button>
      </Card.Header>
      <Card.Body>
        <Form.Group className="mb-3">
          <Form.Label htmlFor={id("image")}>Variant Image</Form.Label>
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
            <Form.Label htmlFor={id("name")}>Variant Name</Form.Label>
            <Form.Control
              id={id("name")}
              isInvalid={!!fieldErrors?.variant_name}
              {...register(`variants.${index}.variant_name`)}
            />
            {invalid(fieldErrors?.variant_name?.message)}
          </Col>
          <Col md={6}>
            <Form.Label htmlFor={id("qtt")}>Quantity</Form.Label>
            <NumberInput
              id={id("qtt")}
              step="1"
              isInvalid={!!fieldErrors?.variant_qtt}
              {...register(`variants.${index}.variant_qtt`)}
            />
            {invalid(fieldErrors?.variant_qtt?.message)}
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("sku")}>SKU</Form.Label>
            <Form.Control id={id("sku")} {...register(`variants.${index}.variant_sku`)} />
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("price")}>Price</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>RM</InputGroup.Text>
              <NumberInput
                id={id("price")}
                step="0.01"
                isInvalid={!!fieldErrors?.variant_price}
                {...register(`variants.${index}.variant_price`)}
              />
            </InputGroup>
            {invalid(fieldErrors?.variant_price?.message)}
          </Col>
          <Col md={4}>
            <Form.Label htmlFor={id("dis")}>Discount Price</Form.Label>
            <InputGroup hasValidation>
              <InputGroup.Text>RM</InputGroup.Text>
              <NumberInput
                id={id("dis")}
                step="0.01"
                isInvalid={!!fieldErrors?.variant_dis_price}
                {...register(`variants.${index}.variant_dis_price`)}
              />
            </InputGroup>
            {invalid(fieldErrors?.variant_dis_price?.message)}
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
