import type { AuditEntry } from "@store/contract";
import { translate } from "../i18n/messages";

/**
 * Who wrote an audit row: the username recorded then, the account's id, and
 * the account's name now when it has changed since or the account is gone,
 * so a name that looks like another's cannot pass for it (docs/decisions/confusable-names.md).
 */
export function AuditActor({
  entry,
}: {
  entry: Pick<AuditEntry, "actor" | "actor_id" | "actor_now">;
}) {
  const name = <strong>{entry.actor ?? translate("system")}</strong>;
  if (entry.actor_id === null) return name;
  const now =
    entry.actor_now === null
      ? translate("account deleted")
      : entry.actor_now !== entry.actor
        ? translate("now {{username}}", { username: entry.actor_now })
        : null;
  return (
    <span className="audit-actor">
      {name}{" "}
      <span
        className="text-muted"
        title={translate("account #{{count}}", { count: entry.actor_id })}
      >
        #{entry.actor_id}
      </span>
      {now && <span className="text-muted"> ({now})</span>}
    </span>
  );
}
