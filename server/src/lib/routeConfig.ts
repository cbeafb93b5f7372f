import type { Permission } from "@store/contract";

/**
 * Who may call a private route, declared in the route's own options
 * (`config.permission`; docs/decisions/permissions.md): one permission, any
 * one of several, or "signed_in" for what every back-office person may do
 * (their own profile and session, the lookups every form reads).
 */
export type RoutePermission = Permission | readonly Permission[] | "signed_in";

declare module "fastify" {
  interface FastifyContextConfig {
    /** Answers without a session (login, health, static files). Every other route needs one. */
    public?: boolean;
    /** Required on every private route: app.ts refuses to start without it. */
    permission?: RoutePermission;
    /**
     * The route's `:id` names a user; the caller's own passes whatever
     * `permission` says (the profile reads and changes its own record;
     * docs/decisions/staff-accounts.md).
     */
    ownRecord?: boolean;
    /**
     * Its `_format` file holds no store data (an import's blank template):
     * the `export` permission a list's file needs is not asked.
     */
    blankFile?: boolean;
  }
}
