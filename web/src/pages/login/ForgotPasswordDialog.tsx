import { Button, Modal } from "react-bootstrap";

/** "Forgot password?" on /login-back: SPEC's alert to contact support. */
export default function ForgotPasswordDialog({
  show,
  onClose,
}: {
  show: boolean;
  onClose: () => void;
}) {
  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="forgot-password-title">
      <Modal.Header closeButton>
        <Modal.Title id="forgot-password-title">Alert</Modal.Title>
      </Modal.Header>
      <Modal.Body>Please contact support.</Modal.Body>
      <Modal.Footer>
        <Button onClick={onClose}>OK</Button>
      </Modal.Footer>
    </Modal>
  );
}
