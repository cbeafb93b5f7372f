import { SESSION_COOKIE, userUpdate } from "@store/contract";
import type { App } from "../../appType";
import { deleteAction, registerBulkRoute, shownVersion } from "../../lib/bulk";
import { deleteUser } from "./deletion";
import { membershipService } from "./memberships";
import { listUsers, updateUser } from "./users";
import { deleteWallet, listWallets } from "./wallets";

/**
 * POST users/bulk, usersWallet/bulk and memberships/bulk (lib/bulk.ts): each
 * record through the single call's service function; a delete of users or
 * wallets takes the body's `referrals` as the single call takes its query. A user's status is
 * changed as the Edit User form would (only that field), so the rules of an
 * edit hold: an administrator cannot deactivate their own account, and a
 * user made inactive loses their sessions.
 */
export function registerPeopleBulkRoutes(app: App): void {
  registerBulkRoute(app, {
    collection: "/users",
    permission: "members:manage",
    tag: "people",
    key: "user_id",
    list: listUsers,
    actions: {
      delete: async (db, _actor, id, body, request) => {
        await deleteUser(db, request.admin, id, {
          referrals: body.referrals,
          expected: shownVersion(body, id),
        });
        return "Deleted.";
      },
      ...Object.fromEntries(
        (
          [
            ["activate", 1, "Activated."],
            ["deactivate", 0, "Deactivated."],
          ] as const
        ).map(([action, user_status, message]) => [
          action,
          async (db, _actor, id, body, request) => {
            const caller = {
              admin: request.admin,
              address: request.ip,
              sessionToken: request.cookies[SESSION_COOKIE],
            };
            const input = userUpdate.parse({ user_status });
            await updateUser(db, caller, id, input, shownVersion(body, id));
            return message;
          },
        ]),
      ),
    },
  });
  registerBulkRoute(app, {
    collection: "/usersWallet",
    permission: "wallets:manage",
    tag: "wallets",
    key: "wallet_id",
    list: listWallets,
    actions: {
      delete: async (db, _actor, id, body, request) => {
        await deleteWallet(db, request.admin, id, {
          referrals: body.referrals,
          expected: shownVersion(body, id),
        });
        return "Deleted.";
      },
    },
  });
  registerBulkRoute(app, {
    collection: "/memberships",
    permission: "members:manage",
    tag: "memberships",
    key: "member_id",
    list: membershipService.list,
    actions: { delete: deleteAction(membershipService) },
  });
}
