import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card } from "react-bootstrap";
import { api, useRefresh } from "../../api/client";
import { users } from "../../api/people";
import { ConfirmDialog, showToast } from "../../components";
import { translate } from "../../i18n/messages";

/**
 * Edit User, for holders of staff:manage: turns off the two-step login of a
 * person who lost their authenticator and their recovery codes (after a
 * step-up, which the API client asks for). They sign in with the password
 * alone until they set it up again (docs/decisions/two-step-login.md).
 */
export function TwoStepReset({ userId }: { userId: number }) {
  const [asking, setAsking] = useState(false);
  // The record's version moves with its two-step login: the form reads it again.
  const refresh = useRefresh(users.keys.all);
  const reset = useMutation({
    mutationFn: () => api.delete(`users/${userId}/totp`),
    onSuccess: () => showToast(translate("Two-step login is off."), "success"),
    onSettled: async () => {
      setAsking(false);
      await refresh();
    },
  });
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="two-step-reset">
      <Card.Body className="d-flex flex-wrap gap-3 justify-content-between align-items-center">
        <div>
          <h2 id="two-step-reset" className="h6 mb-1">
            {translate("Two-step login")}
          </h2>
          <p className="text-muted small mb-0">
            {translate(
              "Lost the authenticator and the recovery codes? Turn two-step login off; they set it up again on their profile.",
            )}
          </p>
        </div>
        <Button size="sm" variant="outline-danger" onClick={() => setAsking(true)}>
          {translate("Turn off two-step login")}
        </Button>
      </Card.Body>
      <ConfirmDialog
        show={asking}
        title="Turn off two-step login"
        busy={reset.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => reset.mutate()}
      >
        {translate("This person then signs in with the password alone until they set it up again.")}
      </ConfirmDialog>
    </Card>
  );
}
