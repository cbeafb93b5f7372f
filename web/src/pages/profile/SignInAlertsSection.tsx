import type { SignInAlerts } from "@store/contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Form } from "react-bootstrap";
import { api } from "../../api/client";
import { showToast } from "../../components";
import { translate } from "../../i18n/messages";

const key = ["me", "signInAlerts"] as const;

/**
 * The person's own choice to be e-mailed of each sign-in from a browser and
 * address not seen before (GET/PUT me/signInAlerts; the message `new_sign_in`).
 * Saved as it is ticked: a choice about oneself, asking no password.
 */
export function SignInAlertsSection() {
  const queryClient = useQueryClient();
  const alerts = useQuery({
    queryKey: key,
    queryFn: () => api.get<SignInAlerts>("me/signInAlerts"),
  });
  const save = useMutation({
    mutationFn: (on: boolean) =>
      api.put<SignInAlerts>("me/signInAlerts", { sign_in_alerts: on } satisfies SignInAlerts),
    onSuccess: (saved) => {
      queryClient.setQueryData(key, saved);
      showToast(
        translate(saved.sign_in_alerts ? "Sign-in alerts are on." : "Sign-in alerts are off."),
        "success",
      );
    },
    onError: (error) => showToast(error.message),
  });
  return (
    <section aria-labelledby="sign-in-alerts-title">
      <h2 id="sign-in-alerts-title" className="h6">
        {translate("Sign-in alerts")}
      </h2>
      <Form.Check
        type="checkbox"
        id="sign_in_alerts"
        label={translate("Tell me by e-mail when I sign in from a new device")}
        checked={alerts.data?.sign_in_alerts ?? false}
        disabled={!alerts.data || save.isPending}
        onChange={(event) => save.mutate(event.currentTarget.checked)}
      />
      <Form.Text muted>
        {translate(
          "A browser or address you have not signed in from before. If it was not you, change your password.",
        )}
      </Form.Text>
    </section>
  );
}
