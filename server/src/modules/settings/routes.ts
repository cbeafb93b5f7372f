import {
  idParams,
  listQuery,
  paymentMethod,
  paymentMethodInput,
  settings,
  settingsInput,
  shippingMethod,
  shippingMethodInput,
  socialLogin,
  socialLoginInput,
} from "@store/contract";
import type { FastifyReply } from "fastify";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import {
  paymentMethodAnswers,
  settingsAnswers,
  shippingMethodService,
  socialLoginAnswers,
} from "./service";

/**
 * Answers carrying gateway or OAuth keys are for the admin's screen only: no
 * cache (browser or proxy) may keep them. Secret keys in them are masked
 * (service.ts).
 */
function noStore(reply: FastifyReply): void {
  reply.header("Cache-Control", "no-store");
}

/** docs/decisions/secret-key-step-up.md, in the API document. */
const KEYS_NEED_STEP_UP =
  "A new key, publishable key, client ID or address needs a fresh proof: without `POST /api/stepUp` from this session in the last 5 minutes it answers 403 `step_up_required` and changes nothing. The switch alone, or the secret's mask sent back, needs none.";

export function registerSettingsRoutes(app: App): void {
  const tags = ["settings"];

  app.get(
    "/settings/:id",
    {
      config: { permission: "settings:view" },
      schema: { tags, params: idParams, response: { 200: settings } },
    },
    async (request, reply) => {
      noStore(reply);
      return settingsAnswers.get(app.db, request.params.id);
    },
  );
  app.put(
    "/settings/:id",
    {
      config: { permission: "settings:manage" },
      schema: { tags, params: idParams, body: settingsInput, response: { 200: settings } },
    },
    async (request) =>
      settingsAnswers.update(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      ),
  );

  app.get(
    "/socialLogins",
    {
      config: { permission: "settings:view" },
      schema: { tags, querystring: listQuery, response: { 200: socialLogin.array() } },
    },
    async (request, reply) => {
      noStore(reply);
      return sendPage(reply, await socialLoginAnswers.list(app.db, request.query));
    },
  );
  app.put(
    "/socialLogins/:id",
    {
      config: { permission: "secrets:manage" },
      schema: {
        tags,
        description: KEYS_NEED_STEP_UP,
        params: idParams,
        body: socialLoginInput,
        response: { 200: socialLogin },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return socialLoginAnswers.update(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
    },
  );

  app.get(
    "/paymentMethodsId/:id",
    {
      config: { permission: "settings:view" },
      schema: { tags, params: idParams, response: { 200: paymentMethod } },
    },
    async (request, reply) => {
      noStore(reply);
      return paymentMethodAnswers.get(app.db, request.params.id);
    },
  );
  app.put(
    "/paymentMethods/:id",
    {
      config: { permission: "secrets:manage" },
      schema: {
        tags,
        description: KEYS_NEED_STEP_UP,
        params: idParams,
        body: paymentMethodInput,
        response: { 200: paymentMethod },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return paymentMethodAnswers.update(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      );
    },
  );

  app.get(
    "/shippingMethod",
    {
      config: { permission: "settings:view" },
      schema: { tags, querystring: listQuery, response: { 200: shippingMethod.array() } },
    },
    async (request, reply) =>
      sendPage(reply, await shippingMethodService.list(app.db, request.query)),
  );
  app.get(
    "/shippingMethod/:id",
    {
      config: { permission: "settings:view" },
      schema: { tags, params: idParams, response: { 200: shippingMethod } },
    },
    async (request) => shippingMethodService.get(app.db, request.params.id),
  );
  app.post(
    "/shippingMethod",
    {
      config: { permission: "settings:manage" },
      schema: { tags, body: shippingMethodInput, response: { 201: shippingMethod } },
    },
    async (request, reply) =>
      reply.code(201).send(await shippingMethodService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/shippingMethod/:id",
    {
      config: { permission: "settings:manage" },
      schema: {
        tags,
        params: idParams,
        body: shippingMethodInput,
        response: { 200: shippingMethod },
      },
    },
    async (request) =>
      shippingMethodService.update(
        app.db,
        request.admin,
        request.params.id,
        request.body,
        ifMatchOf(request),
      ),
  );
}
