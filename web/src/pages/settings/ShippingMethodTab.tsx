import {
  type ShippingMethod,
  type ShippingMethodInput,
  shippingMethodInput,
} from "@store/contract";
import { useMemo, useState } from "react";
import { Button, Form, InputGroup, Modal, Table } from "react-bootstrap";
import type { z } from "zod";
import { recordVersion } from "../../api/client";
import {
  useAddShippingMethod,
  useSaveShippingMethod,
  useShippingMethods,
} from "../../api/settings";
import {
  Field,
  FieldError,
  inputAria,
  NumberInput,
  RecordForm,
  StatusSwitch,
  TableSkeleton,
  useRecordForm,
} from "../../components";
import { useInReadOnlyForm } from "../../components/formReadOnly";
import { translate } from "../../i18n/messages";
import { useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof shippingMethodInput>;

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
  // Without settings:manage the rows are shown read only (their fields join no fieldset of their forms).
  const readOnly = useInReadOnlyForm();
  return (
    <div style={{ maxWidth: 900 }}>
      {!readOnly && (
        <div className="d-flex justify-content-end mb-2">
          <Button onClick={() => setAdding(true)}>{translate("Add")}</Button>
        </div>
      )}
      {!data ? (
        <TableSkeleton rows={3} />
      ) : (
        <fieldset disabled={readOnly}>
          <Table className="align-middle">
            <thead className="table-light">
              <tr>
                <th>{translate("Status")}</th>
                <th>{translate("Company Name")}</th>
                <th>{translate("Fee (RM)")}</th>
                <th>{translate("Action")}</th>
              </tr>
            </thead>
            <tbody>
              {data.length === 0 && (
                <tr>
                  <td colSpan={4} className="text-center text-muted">
                    {translate("No shipping methods yet.")}
                  </td>
                </tr>
              )}
              {data.map((method) => (
                <ShippingRow key={method.ship_id} method={method} />
              ))}
            </tbody>
          </Table>
        </fieldset>
      )}
      <AddShippingModal show={adding} onClose={() => setAdding(false)} />
    </div>
  );
}

function ShippingRow({ method }: { method: ShippingMethod }) {
  const save = useSaveShippingMethod();
  const { refetch } = useShippingMethods();
  const [saved, markSaved] = useSavedIndicator();
  const loaded = useMemo(() => toForm(method), [method]);
  const form = useRecordForm<ShippingMethodInput, Values>({
    schema: shippingMethodInput,
    defaults: loaded,
    loaded,
    listRoute: "/settings",
    version: recordVersion(method),
    reload: refetch,
    save: (values, shown) =>
      save.mutateAsync({ id: method.ship_id, input: values, version: shown.version }),
    onSaved: markSaved,
  });
  const { register, control, formState } = form.form;
  const { errors, isSubmitting } = formState;
  const prefix = `ship_${method.ship_id}`;
  const formId = `${prefix}_form`;
  const nameAria = inputAria(`${prefix}_name`, errors.shipping_name, false);
  const feeAria = inputAria(`${prefix}_fee`, errors.shipping_fee, false);

  // One form per row; the row's cells join it through the form attribute.
  return (
    <tr aria-label={method.shipping_name}>
      <td>
        <RecordForm form={form} id={formId}>
          {null}
        </RecordForm>
        <StatusSwitch
          control={control}
          name="shipping_status"
          id={`${prefix}_status`}
          label={false}
          aria-label={translate("{{name}} active", { name: method.shipping_name })}
          form={formId}
        />
      </td>
      <td>
        <Form.Control
          form={formId}
          aria-label={translate("Company Name")}
          {...nameAria}
          {...register("shipping_name")}
        />
        <FieldError id={nameAria.id} error={errors.shipping_name} />
      </td>
      <td style={{ maxWidth: 180 }}>
        <InputGroup hasValidation>
          <InputGroup.Text>RM</InputGroup.Text>
          <NumberInput
            form={formId}
            step="0.01"
            aria-label={translate("Fee")}
            {...feeAria}
            {...register("shipping_fee")}
          />
          <FieldError id={feeAria.id} error={errors.shipping_fee} />
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
  if (useInReadOnlyForm()) return null;
  return (
    <Button
      type="submit"
      form={formId}
      variant={saved ? "success" : "primary"}
      disabled={saved || busy}
    >
      {translate(saved ? "Saved" : "Save")}
    </Button>
  );
}

const EMPTY: ShippingMethodInput = { shipping_name: "", shipping_fee: "", shipping_status: 0 };

function AddShippingModal({ show, onClose }: { show: boolean; onClose: () => void }) {
  const add = useAddShippingMethod();
  const form = useRecordForm<ShippingMethodInput, Values>({
    schema: shippingMethodInput,
    defaults: EMPTY,
    listRoute: "/settings",
    save: (values) => add.mutateAsync(values),
    onSaved: () => close(),
    guard: false,
  });
  const { isSubmitting } = form;

  const close = () => {
    form.form.reset(EMPTY);
    onClose();
  };

  return (
    <Modal show={show} onHide={close} centered aria-labelledby="add-shipping-title">
      <RecordForm form={form}>
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="add-shipping-title" as="h2" className="h5">
            {translate("Add New Shipping Method")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Field name="shipping_name" id="new_shipping_name" label="Company Name" />
          <Field name="shipping_fee" id="new_shipping_fee" label="Fee (RM)">
            {(input) => <NumberInput step="0.01" {...input} />}
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={close} disabled={isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {translate("Add")}
          </Button>
        </Modal.Footer>
      </RecordForm>
    </Modal>
  );
}
