import type { MemberBalances, MemberRefersOthers, ReferralMove } from "@store/contract";
import type { UseMutationResult } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Alert, Form } from "react-bootstrap";
import { Link } from "react-router";
import { ApiError, isStale } from "../../api/client";
import type { MemberDeletion } from "../../api/people";
import { ConfirmDialog, reportStaleRow } from "../../components";
import { type ErrorAnswer, errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { useResources } from "../../resources/context";

/** What the dialog knows of the member a row stands for. */
export interface MemberRow {
  /** The id the delete call takes (users: user_id; wallets: wallet_id). */
  id: number;
  user_id: number;
  username: string;
  /** The version the row is shown with: a member changed since is not deleted (412). */
  version?: number | undefined;
  /**
   * Their direct referrals and their referrer, when the row has them (the
   * users list); else the server's 409 tells them (the wallet list).
   */
  referrals?: { count: number; referrer: { user_id: number; username: string } | null };
}

interface Refusal {
  error: ErrorAnswer;
  balances: MemberBalances;
}

function balancesOf(error: ApiError): MemberBalances | undefined {
  const balances = error.details.balances as MemberBalances | undefined;
  return balances && typeof balances.wallet === "string" ? balances : undefined;
}

function referralsOf(error: ApiError): MemberRow["referrals"] | undefined {
  const { referrals, referrer } = error.details as Partial<MemberRefersOthers>;
  return typeof referrals === "number"
    ? { count: referrals, referrer: referrer ?? null }
    : undefined;
}

/**
 * The "Delete Alert" of a member, from the users list or the wallet list
 * (docs/REQUIREMENTS.md section 4, "Deleting a member"). A member who refers
 * others is deleted only once the admin chose where their referrals go (to
 * the member's referrer, or none). A member who still holds money or PV is
 * refused: the dialog stays open with the server's message and a link to
 * the member's statement, where an adjustment zeroes the balances.
 */
export function useMemberDeleteDialog<T>({
  remove,
  member,
  question,
}: {
  remove: UseMutationResult<unknown, Error, MemberDeletion>;
  member: (row: T) => MemberRow;
  question: (row: T) => ReactNode;
}): { ask: (row: T) => void; dialog: ReactNode } {
  const resources = useResources();
  const [deleting, setDeleting] = useState<T | null>(null);
  const [referrals, setReferrals] = useState<MemberRow["referrals"]>();
  const [choice, setChoice] = useState<ReferralMove | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const shown = deleting === null ? null : member(deleting);

  const ask = (row: T) => {
    const known = member(row).referrals;
    setReferrals(known && known.count > 0 ? known : undefined);
    setChoice(null);
    setRefusal(null);
    setDeleting(row);
  };
  const close = () => setDeleting(null);

  const confirm = () => {
    if (shown === null) return;
    remove.mutate(
      {
        id: shown.id,
        version: shown.version,
        referrals: referrals ? (choice ?? undefined) : undefined,
      },
      {
        onSuccess: close,
        onError: (error) => {
          // Changed by someone else since the list showed it: said by name, the list shown afresh.
          if (isStale(error)) {
            reportStaleRow(error, shown.username);
            close();
            return;
          }
          const balances = error instanceof ApiError ? balancesOf(error) : undefined;
          const asked = error instanceof ApiError ? referralsOf(error) : undefined;
          if (!(error instanceof ApiError) || error.status !== 409 || (!balances && !asked)) {
            close();
            return;
          }
          // Said here, in the dialog: no toast as well (main.tsx).
          error.shownOnFields = true;
          if (balances) setRefusal({ error, balances });
          if (asked) {
            setReferrals(asked);
            setChoice(null);
          }
        },
      },
    );
  };

  const needsChoice = referrals !== undefined && choice === null;
  const dialog = (
    <ConfirmDialog
      show={deleting !== null}
      title="Delete Alert"
      busy={remove.isPending}
      confirmDisabled={needsChoice || refusal !== null}
      onCancel={close}
      onConfirm={confirm}
    >
      {deleting !== null && shown !== null && (
        <>
          {question(deleting)}
          {referrals && refusal === null && (
            <ReferralChoice
              member={shown}
              referrals={referrals}
              choice={choice}
              onChoose={setChoice}
            />
          )}
          {refusal && (
            <Alert variant="danger" className="mt-3 mb-0" role="alert">
              <p className="mb-2">{errorText(refusal.error)}</p>
              <Link to={resources.link("userWallets", "statement", shown.user_id)} onClick={close}>
                {translate("Open {{name}}'s statement", { name: shown.username })}
              </Link>
            </Alert>
          )}
        </>
      )}
    </ConfirmDialog>
  );
  return { ask, dialog };
}

/** Where the member's direct referrals go: to the member's own referrer, or to none. */
function ReferralChoice({
  member,
  referrals,
  choice,
  onChoose,
}: {
  member: MemberRow;
  referrals: NonNullable<MemberRow["referrals"]>;
  choice: ReferralMove | null;
  onChoose: (choice: ReferralMove) => void;
}) {
  const { count, referrer } = referrals;
  const legend =
    count === 1
      ? translate("{{name}} refers 1 member.", { name: member.username })
      : translate("{{name}} refers {{count}} members.", { name: member.username, count });
  return (
    <fieldset className="mt-3">
      <legend className="fs-6 fw-semibold">{legend}</legend>
      {referrer && (
        <Form.Check
          type="radio"
          id="delete-referrals-up"
          name="delete-referrals"
          label={translate("Move them to {{name}}", { name: referrer.username })}
          checked={choice === "up"}
          onChange={() => onChoose("up")}
        />
      )}
      <Form.Check
        type="radio"
        id="delete-referrals-none"
        name="delete-referrals"
        label={translate("Leave them with no referrer")}
        checked={choice === "none"}
        onChange={() => onChoose("none")}
      />
    </fieldset>
  );
}
