import type { ReactNode } from "react";
import { Button, Modal } from "react-bootstrap";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";

interface ConfirmDialogProps {
  show: boolean;
  /** "Delete Alert", "Approve Alert", "Reject Alert". */
  title: string;
  children: ReactNode;
  onCancel: () => void;
  onConfirm: () => void;
  busy?: boolean;
  /** Confirm waits for a choice in the dialog, or is pointless after a refusal. */
  confirmDisabled?: boolean;
  confirmLabel?: string;
  confirmVariant?: string;
}

/** Every deletion and every approve/reject asks here first (docs/REQUIREMENTS.md section 5). */
export function ConfirmDialog({
  show,
  title,
  children,
  onCancel,
  onConfirm,
  busy = false,
  confirmDisabled = false,
  confirmLabel,
  confirmVariant = "danger",
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {translate(title)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{typeof children === "string" ? translate(children) : children}</Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t("common.cancel")}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={busy || confirmDisabled}>
          {confirmLabel ? translate(confirmLabel) : t("common.confirm")}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
