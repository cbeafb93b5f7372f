import {
  banner,
  bannerInput,
  idParams,
  listQuery,
  testimonial,
  testimonialInput,
} from "@store/contract";
import type { App } from "../../app";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { sendPage } from "../../lib/paging";
import { bannerService, testimonialService } from "./service";

export function registerContentRoutes(app: App): void {
  registerCrudRoutes(app, {
    service: bannerService,
    input: bannerInput,
    record: banner,
    tag: "content",
    collection: "/banner",
    item: "/banner/:id",
  });
  registerTestimonialRoutes(app);
}

/** Testimonials join the customer's name, so they have their own service. */
function registerTestimonialRoutes(app: App): void {
  const tags = ["content"];
  app.get(
    "/testimonials",
    { schema: { tags, querystring: listQuery, response: { 200: testimonial.array() } } },
    async (request, reply) => sendPage(reply, await testimonialService.list(app.db, request.query)),
  );
  app.get(
    "/testimonials/:id",
    { schema: { tags, params: idParams, response: { 200: testimonial } } },
    async (request) => testimonialService.get(app.db, request.params.id),
  );
  app.post(
    "/testimonials",
    { schema: { tags, body: testimonialInput, response: { 201: testimonial } } },
    async (request, reply) =>
      reply.code(201).send(await testimonialService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/testimonials/:id",
    { schema: { tags, params: idParams, body: testimonialInput, response: { 200: testimonial } } },
    async (request) =>
      testimonialService.update(app.db, request.admin, request.params.id, request.body),
  );
  app.delete(
    "/testimonials/:id",
    { schema: { tags, params: idParams, response: { 200: testimonial } } },
    async (request) => testimonialService.remove(app.db, request.admin, request.params.id),
  );
}
