import { banner, bannerInput, testimonial, testimonialInput } from "@store/contract";
import type { App } from "../../app";
import { registerCrudRoutes } from "../../lib/crudRoutes";
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
  registerCrudRoutes(app, {
    service: testimonialService,
    input: testimonialInput,
    record: testimonial,
    tag: "content",
    collection: "/testimonials",
    item: "/testimonials/:id",
  });
}
