import {
  currency,
  downlineQuery,
  forbiddenBody,
  gender,
  genealogyNode,
  idParams,
  language,
  listQuery,
  memberDeleteQuery,
  membership,
  membershipInput,
  membershipUpdateBody,
  nextUserId,
  referralUpdateBody,
  role,
  SESSION_COOKIE,
  uplinePath,
  user,
  userCountRow,
  userCreate,
  userUpdate,
  wallet,
  walletInput,
} from "@store/contract";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { sendPage } from "../../lib/lists";
import { sendJsonStream } from "../../lib/stream";
import { ifMatchOf } from "../../lib/versions";
import { deleteUser } from "./deletion";
import { lookups } from "./lookups";
import { membershipService } from "./memberships";
import { readDownline, readUpline } from "./referrals";
import {
  createUser,
  getUser,
  listUsers,
  nextUserId as readNextUserId,
  refreshDownLine,
  setMembership,
  updateUser,
  userIds,
} from "./users";
import { createWallet, deleteWallet, listWallets } from "./wallets";

/** docs/REQUIREMENTS.md section 7: users, lookups, wallets, referrals and memberships. */
export function registerPeopleRoutes(app: App): void {
  registerUserRoutes(app);
  registerLookupRoutes(app);
  registerWalletRoutes(app);
  registerMembershipRoutes(app);
  registerGenealogyRoutes(app);
}

/** The referral tree, read a level at a time (docs/decisions/genealogy.md). */
function registerGenealogyRoutes(app: App): void {
  const tags = ["people"];
  app.get(
    "/users/:id/downline",
    {
      config: { permission: "members:view" },
      schema: {
        tags,
        params: idParams,
        querystring: downlineQuery,
        response: { 200: genealogyNode.array() },
      },
    },
    async (request, reply) =>
      sendPage(reply, await readDownline(app.db, request.params.id, request.query)),
  );
  app.get(
    "/users/:id/upline",
    {
      config: { permission: "members:view" },
      schema: { tags, params: idParams, response: { 200: uplinePath } },
    },
    async (request) => readUpline(app.db, request.params.id),
  );
}

const OWN_RECORD =
  "One's own record (the profile): every signed-in person, who may change its e-mail, contact and password. Another's: holders of `members:view` to read, `members:manage` to change.";
const NEEDS_MEMBERS =
  "Refused, nothing changed: the caller lacks the permission (`forbidden`, naming it; an Admin's or Staff member's account and anyone's groups need `staff:manage`).";
const STEP_UP =
  "Creating a Staff or Admin account, changing a role or groups, setting another person's password and deleting a member need a fresh proof (`step_up_required`; POST /api/stepUp). A call from another site is refused too (`foreign_origin`).";

function registerUserRoutes(app: App): void {
  const tags = ["people"];
  app.get(
    "/users",
    {
      config: { permission: "members:view" },
      schema: { tags, querystring: listQuery, response: { 200: user.array() } },
    },
    async (request, reply) => sendPage(reply, await listUsers(app.db, request.query)),
  );
  app.post(
    "/users",
    {
      config: { permission: "members:manage" },
      schema: {
        tags,
        body: userCreate,
        response: { 201: user, 403: forbiddenBody.describe(`${NEEDS_MEMBERS} ${STEP_UP}`) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(app.db, request.admin, request.body)),
  );
  app.get(
    "/users/:id",
    {
      // One's own record is the profile's (auth/guard.ts, ownRecord).
      config: { permission: "members:view", ownRecord: true },
      schema: {
        tags,
        params: idParams,
        description: OWN_RECORD,
        response: { 200: user, 403: forbiddenBody.describe(NEEDS_MEMBERS) },
      },
    },
    async (request) => getUser(app.db, request.params.id),
  );
  app.put(
    "/users/:id",
    {
      // The profile's fields of one's own record: people/access.ts checkEditor.
      config: { permission: "members:manage", ownRecord: true },
      schema: {
        tags,
        params: idParams,
        body: userUpdate,
        description: OWN_RECORD,
        response: { 200: user, 403: forbiddenBody.describe(`${NEEDS_MEMBERS} ${STEP_UP}`) },
      },
    },
    async (request) =>
      updateUser(
        app.db,
        {
          admin: request.admin,
          address: request.ip,
          sessionToken: request.cookies[SESSION_COOKIE],
        },
        request.params.id,
        request.body,
        ifMatchOf(request),
      ),
  );
  app.delete(
    "/users/:id",
    {
      config: { permission: "members:manage" },
      schema: {
        tags,
        params: idParams,
        querystring: memberDeleteQuery,
        response: { 200: user, 403: forbiddenBody.describe(`${NEEDS_MEMBERS} ${STEP_UP}`) },
      },
    },
    async (request) =>
      deleteUser(app.db, request.admin, request.params.id, {
        referrals: request.query.referrals,
        expected: ifMatchOf(request),
      }),
  );
  app.get(
    "/usersCount",
    {
      config: { permission: "members:view" },
      schema: { tags, response: { 200: userCountRow.array() } },
    },
    async (_request, reply) => sendJsonStream(reply, await userIds(app.db)),
  );
  app.get(
    "/getNextUserId",
    { config: { permission: "members:manage" }, schema: { tags, response: { 200: nextUserId } } },
    async () => readNextUserId(app.db),
  );
  app.put(
    "/referralUpdate/:id",
    {
      config: { permission: "members:manage" },
      schema: { tags, params: idParams, body: referralUpdateBody, response: { 200: user } },
    },
    async (request) => refreshDownLine(app.db, request.admin, request.params.id),
  );
  app.put(
    "/updateMembership/:id",
    {
      config: { permission: "members:manage" },
      schema: { tags, params: idParams, body: membershipUpdateBody, response: { 200: user } },
    },
    async (request) =>
      setMembership(
        app.db,
        request.admin,
        request.params.id,
        request.body.membership,
        ifMatchOf(request),
      ),
  );
}

function registerLookupRoutes(app: App): void {
  const tags = ["lookups"];
  app.get(
    "/genders",
    { config: { permission: "signed_in" }, schema: { tags, response: { 200: gender.array() } } },
    async () => lookups.genders(app.db),
  );
  app.get(
    "/roles",
    { config: { permission: "signed_in" }, schema: { tags, response: { 200: role.array() } } },
    async () => lookups.roles(app.db),
  );
  app.get(
    "/languages",
    { config: { permission: "signed_in" }, schema: { tags, response: { 200: language.array() } } },
    async () => lookups.languages(app.db),
  );
  app.get(
    "/currencies",
    { config: { permission: "signed_in" }, schema: { tags, response: { 200: currency.array() } } },
    async () => lookups.currencies(app.db),
  );
}

function registerWalletRoutes(app: App): void {
  const tags = ["wallets"];
  app.get(
    "/usersWallet",
    {
      config: { permission: "wallets:view" },
      schema: { tags, querystring: listQuery, response: { 200: wallet.array() } },
    },
    async (request, reply) => sendPage(reply, await listWallets(app.db, request.query)),
  );
  app.post(
    "/usersWallet",
    {
      config: { permission: "wallets:manage" },
      schema: { tags, body: walletInput, response: { 201: wallet } },
    },
    async (request, reply) =>
      reply.code(201).send(await createWallet(app.db, request.admin, request.body)),
  );
  app.delete(
    "/usersWallet/:id",
    {
      config: { permission: "wallets:manage" },
      schema: { tags, params: idParams, querystring: memberDeleteQuery, response: { 200: wallet } },
    },
    async (request) =>
      deleteWallet(app.db, request.admin, request.params.id, {
        referrals: request.query.referrals,
        expected: ifMatchOf(request),
      }),
  );
}

function registerMembershipRoutes(app: App): void {
  registerCrudRoutes(app, {
    area: "members",
    service: membershipService,
    input: membershipInput,
    record: membership,
    tag: "memberships",
    collection: "/memberships",
    item: "/memberships/:id",
  });
  // The same record, read for a referrer (docs/REQUIREMENTS.md section 7).
  app.get(
    "/membership/:id",
    {
      config: { permission: "members:view" },
      schema: { tags: ["memberships"], params: idParams, response: { 200: membership } },
    },
    async (request) => membershipService.get(app.db, request.params.id),
  );
}
