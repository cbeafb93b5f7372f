import type { SessionInfo } from "@store/contract";
import { Badge, Button, Card, Table } from "react-bootstrap";
import { type SessionsOwner, useEndSessions, useSessions } from "../../api/sessions";
import { showToast } from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { TwoStepReset, type TwoStepState } from "./TwoStepReset";

/** "Firefox on Windows", in the chosen language; what the user agent does not name is said so. */
function browserLabel(session: SessionInfo): string {
  if (!session.browser) return translate("Unknown browser");
  return session.system
    ? translate("{{browser}} on {{system}}", { browser: session.browser, system: session.system })
    : session.browser;
}

/**
 * A person's active sessions (docs/SECURITY.md, "Sessions"): when each started
 * and was last seen, where from, the browser; "Sign out" ends one, and the
 * button below every one but the viewer's own. On the profile for one's own;
 * on Edit User for holders of staff:manage (UserSessionsPanel).
 */
export function SessionsPanel({ owner }: { owner: SessionsOwner }) {
  const sessions = useSessions(owner);
  const end = useEndSessions(owner);
  const rows = sessions.data ?? [];
  const others = rows.filter((s) => !s.current).length;
  const signOut = (sessionId: number | null) =>
    end.mutate(sessionId, {
      onSuccess: (answer) =>
        showToast(
          translate("Signed out {{count}} session(s).", { count: answer.ended }),
          "success",
        ),
    });
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="sessions-title">
      <Card.Header className="d-flex justify-content-between align-items-center py-2">
        <h2 id="sessions-title" className="h6 mb-0">
          {translate("Sessions")}
        </h2>
        <Button
          size="sm"
          variant="outline-danger"
          disabled={others === 0 || end.isPending}
          onClick={() => signOut(null)}
        >
          {owner === "me"
            ? translate("Sign out everywhere else")
            : translate("Sign out all sessions")}
        </Button>
      </Card.Header>
      <Card.Body>
        {sessions.isLoading ? (
          <p className="text-muted mb-0">{translate("Loading…")}</p>
        ) : rows.length === 0 ? (
          <p className="text-muted mb-0">{translate("No active sessions.")}</p>
        ) : (
          <Table
            responsive
            size="sm"
            className="mb-0 align-middle"
            aria-labelledby="sessions-title"
          >
            <thead>
              <tr>
                <th scope="col">{translate("Started")}</th>
                <th scope="col">{translate("Last Seen")}</th>
                <th scope="col">{translate("Address")}</th>
                <th scope="col">{translate("Browser")}</th>
                <th scope="col">
                  <span className="visually-hidden">{translate("Actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((session) => (
                <tr key={session.session_id}>
                  <td className="text-nowrap">{formatDateTime(session.started_at)}</td>
                  <td className="text-nowrap">{formatDateTime(session.last_seen_at)}</td>
                  <td>{session.address || "-"}</td>
                  <td>{browserLabel(session)}</td>
                  <td className="text-end">
                    {session.current ? (
                      <Badge bg="success">{translate("This session")}</Badge>
                    ) : (
                      <Button
                        size="sm"
                        variant="outline-danger"
                        disabled={end.isPending}
                        aria-label={translate("Sign out the session started {{when}}", {
                          when: formatDateTime(session.started_at),
                        })}
                        onClick={() => signOut(session.session_id)}
                      >
                        {translate("Sign out")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

/** Edit User's panels of the person's sessions and two-step login: only for holders of staff:manage. */
export function UserSessionsPanel({ userId, twoStep }: { userId: number; twoStep: TwoStepState }) {
  return useCan("staff:manage") ? (
    <>
      <SessionsPanel owner={userId} />
      <TwoStepReset userId={userId} state={twoStep} />
    </>
  ) : null;
}
