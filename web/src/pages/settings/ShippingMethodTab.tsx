import { zodResolver } from "@hookform/resolvers/zod";
import {
  type ShippingMethod,
  type ShippingMethodInput,
  shippingMethodInput,
} from "@store/contract";
import { useEffect, useState } from "react";
import { Button, Form, InputGroup, Modal, Table } from "react-bootstrap";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import {
  useAddShippingMethod,
  useSaveShippingMethod,
  useShippingMethods,
} from "../../api/settings";
import { Field, NumberInput, StatusSwitch, TableSkeleton } from "../../components";
import { showServerIssues } from "../../lib/formErrors";
import { useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof shippingMethodInput>;
const FIELDS = ["shipping_name", "shipping_fee"] as const;

function toForm(m: ShippingMethod): ShippingMethodInput {
  return {
    shipping_name: m.shipping_name,
    shipping_fee: m.shipping_fee,
    shipping_status: m.shipping_status,
  };
}

/** Shipping companies and fees, each saved on its own row; Add opens a modal. */
export function ShippingMethodTab() {
  const { data } = useShippingMethods();
  const [adding, setAdding] = useState(false);
  return (
    <div style={{ maxWidth: 900 }}>
      <div className="d-flex justify-content-end mb-2">
        <Button onClick={() => setAdding(true)}>Add</Button>
      </div>
      {!data ? (
        <TableSkeleton rows={3} />
      ) : (
        <Table className="align-middle">
          <thead className="table-light">
            <tr>
              <th>Status</th>
              <th>Company Name</th>
              <th>Fee (RM)</th>
              <th>Action</th>
            </tr>
          </thead>
          <tbody>
            {data.length === 0 && (
              <tr>
                <td colSpan={4} className="text-center text-muted">
                  No shipping methods yet.
                </td>
              </tr>
            )}
            {data.map((method) => (
              <ShippingRow key={method.ship_id} method={method} />
            ))}
          </tbody>
        </Table>
      )}
      <AddShippingModal show={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function ShippingRow({ method }: { method: ShippingMethod }) {
  const save = useSaveShippingMethod();
  const [saved, markSaved] = useSavedIndicator();
  const { register, control, handleSubmit, reset, setError, formState } = useForm<
    ShippingMethodInput,
    unknown,
    Values
  >({ resolver: zodResolver(shippingMethodInput), defaultValues: toForm(method) });
  const { errors, isSubmitting } = formState;
  useEffect(() => reset(toForm(method)), [method, reset]);
  const prefix = `ship_${method.ship_id}`;
  const formId = `${prefix}_form`;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: method.ship_id, input: values });
      markSaved();
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  // One form per row; the row's cells join it through the form attribute.
  return (
    <tr aria-label={method.shipping_name}>
      <td>
        <form id={formId} noValidate onSubmit={onSubmit} />
        <StatusSwitch
          control={control}
          name="shipping_status"
          id={`${prefix}_status`}
          label={false}
          aria-label={`${method.shipping_name} active`}
          form={formId}
        />
      </td>
      <td>
        <Form.Control
          form={formId}
          aria-label="Company Name"
          isInvalid={!!errors.shipping_name}
          {...register("shipping_name")}
        />
        <Form.Control.Feedback type="invalid">
          {errors.shipping_name?.message}
        </Form.Control.Feedback>
      </td>
      <td style={{ maxWidth: 180 }}>
        <InputGroup hasValidation>
          <InputGroup.Text>RM</InputGroup.Text>
          <NumberInput
            form={formId}
            step="0.01"
            aria-label="Fee"
            isInvalid={!!errors.shipping_fee}
            {...register("shipping_fee")}
          />
          <Form.Control.Feedback type="invalid">
            {errors.shipping_fee?.message}
          </Form.Control.Feedback>
        </InputGroup>
      </td>
      <td>
        <SaveButtonInForm formId={formId} saved={saved} busy={isSubmitting} />
      </td>
    </tr>
  );
}

/** The row's Save, tied to the row's form. */
function SaveButtonInForm({
  formId,
  saved,
  busy,
}: {
  formId: string;
  saved: boolean;
  busy: boolean;
}) {
  return (
    <Button
      type="submit"
      form={formId}
      variant={saved ? "success" : "primary"}
      disabled={saved || busy}
    >
      {saved ? "Saved" : "Save"}
    </Button>
  );
}

const EMPTY: ShippingMethodInput = { shipping_name: "", shipping_fee: "", shipping_status: 0 };

function AddShippingModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const add = useAddShippingMethod();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    ShippingMethodInput,
    unknown,
    Values
  >({ resolver: zodResolver(shippingMethodInput), defaultValues: EMPTY });
  const { errors, isSubmitting } = formState;

  const close = () => {
    reset(EMPTY);
    onClose();
  };
  const onSubmit = handleSubmit(async (values) => {
    try {
      await add.mutateAsync(values);
      close();
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="add-shipping-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton>
          <Modal.Title id="add-shipping-title" as="h2" className="h5">
            Add New Shipping Method
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Field
            label="Company Name"
            htmlFor="new_shipping_name"
            error={errors.shipping_name?.message}
          >
            <Form.Control
              id="new_shipping_name"
              isInvalid={!!errors.shipping_name}
              {...register("shipping_name")}
            />
          </Field>
          <Field label="Fee (RM)" htmlFor="new_shipping_fee" error={errors.shipping_fee?.message}>
            <NumberInput
              id="new_shipping_fee"
              step="0.01"
              isInvalid={!!errors.shipping_fee}
              {...register("shipping_fee")}
            />
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            Add
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
