import { Button, Modal } from "react-bootstrap";
import { useTranslation } from "../../i18n";

/** "Forgot password?" on /login-back: the alert of docs/REQUIREMENTS.md section 2 to contact support. */
export default function ForgotPasswordDialog({
  show,
  onClose,
}: {
  show: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="forgot-password-title">
      <Modal.Header closeButton closeLabel={t("common.close")}>
        <Modal.Title id="forgot-password-title">{t("login.alertTitle")}</Modal.Title>
      </Modal.Header>
      <Modal.Body>{t("login.contactSupport")}</Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>{t("common.ok")}</Button>
      </Modal.Footer>
    </Modal>
  );
}
