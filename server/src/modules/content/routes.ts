import { banner, bannerInput, testimonial, testimonialInput } from "@store/contract";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { bannerService, testimonialService } from "./service";

export function registerContentRoutes(app: App): void {
  registerCrudRoutes(app, {
    area: "content",
    service: bannerService,
    input: bannerInput,
    record: banner,
    tag: "content",
    collection: "/banner",
    item: "/banner/:id",
    bulk: { key: "banner_id", status: "banner_status" },
  });
  registerCrudRoutes(app, {
    area: "content",
    service: testimonialService,
    input: testimonialInput,
    record: testimonial,
    tag: "content",
    collection: "/testimonials",
    item: "/testimonials/:id",
    bulk: { key: "testimonial_id", status: "testimonial_status" },
  });
}
