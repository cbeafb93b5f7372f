import {
  currency,
  downlineQuery,
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
  uplinePath,
  user,
  userCountRow,
  userCreate,
  userUpdate,
  wallet,
  walletInput,
} from "@store/contract";
import type { App } from "../../appType";
import { SESSION_COOKIE } from "../../auth/service";
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
      schema: { tags, body: userCreate, response: { 201: user } },
    },
    async (request, reply) =>
      reply.code(201).send(await createUser(app.db, request.admin, request.body)),
  );
  app.get(
    "/users/:id",
    {
      config: { permission: "members:view" },
      schema: { tags, params: idParams, response: { 200: user } },
    },
    async (request) => getUser(app.db, request.params.id),
  );
  app.put(
    "/users/:id",
    {
      config: { permission: "members:manage" },
      schema: { tags, params: idParams, body: userUpdate, response: { 200: user } },
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
      schema: { tags, params: idParams, querystring: memberDeleteQuery, response: { 200: user } },
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
