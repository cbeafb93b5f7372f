import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button, Card } from "react-bootstrap";
import { api, useRefresh } from "../../api/client";
import { users } from "../../api/people";
import { ConfirmDialog, showToast } from "../../components";
import { translate } from "../../i18n/messages";

/** What Edit User knows of the person's two-step login (the user record's fields). */
export interface TwoStepState {
  totp_enabled: boolean;
  totp_locked: boolean;
}

type Action = "turnOff" | "unlock";

const ACTIONS = {
  turnOff: {
    title: "Turn off two-step login",
    question: "This person then signs in with the password alone until they set it up again.",
    done: "Two-step login is off.",
    call: (userId: number) => api.delete(`users/${userId}/totp`),
  },
  unlock: {
    title: "Unlock two-step login",
    question: "This person may then sign in with their authenticator code again.",
    done: "Two-step login is unlocked.",
    call: (userId: number) => api.post(`users/${userId}/totp/unlock`),
  },
} as const;

/**
 * Edit User, for holders of staff:manage: unlocks the two-step login of a
 * person locked out after too many wrong codes, or turns it off for one who
 * lost their authenticator and their recovery codes (after a step-up, which
 * the API client asks for). Turned off, they sign in with the password alone
 * until they set it up again (docs/decisions/two-step-login.md).
 */
export function TwoStepReset({ userId, state }: { userId: number; state: TwoStepState }) {
  const [asking, setAsking] = useState<Action | null>(null);
  // The record's version moves with its two-step login: the form reads it again.
  const refresh = useRefresh(users.keys.all);
  const change = useMutation({
    mutationFn: (action: Action) => ACTIONS[action].call(userId),
    onSuccess: (_, action) => showToast(translate(ACTIONS[action].done), "success"),
    onSettled: async () => {
      setAsking(null);
      await refresh();
    },
  });
  const button = (action: Action, variant: string) => (
    <Button size="sm" variant={variant} onClick={() => setAsking(action)}>
      {translate(ACTIONS[action].title)}
    </Button>
  );
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="two-step-reset">
      <Card.Body className="d-flex flex-wrap gap-3 justify-content-between align-items-center">
        <div>
          <h2 id="two-step-reset" className="h6 mb-1">
            {translate("Two-step login")}
          </h2>
          <p className="text-muted small mb-0">
            {translate(
              !state.totp_enabled
                ? "Two-step login is off."
                : state.totp_locked
                  ? "Locked after too many wrong codes. Unlock it once you know the person is the one trying."
                  : "Lost the authenticator and the recovery codes? Turn two-step login off; they set it up again on their profile.",
            )}
          </p>
        </div>
        {state.totp_enabled && (
          <div className="d-flex flex-wrap gap-2">
            {state.totp_locked && button("unlock", "outline-primary")}
            {button("turnOff", "outline-danger")}
          </div>
        )}
      </Card.Body>
      <ConfirmDialog
        show={asking !== null}
        title={ACTIONS[asking ?? "turnOff"].title}
        busy={change.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && change.mutate(asking)}
      >
        {translate(ACTIONS[asking ?? "turnOff"].question)}
      </ConfirmDialog>
    </Card>
  );
}
