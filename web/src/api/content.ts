import type { Banner, BannerInput, Testimonial, TestimonialInput } from "@store/contract";
import { createResource } from "./crud";

/** Banners: GET/POST banner, GET/PUT/DELETE banner/{id}. */
export const banners = createResource<Banner, BannerInput>({
  name: "banners",
  list: "banner",
  item: (id) => `banner/${id}`,
});

/** Testimonials: GET/POST testimonials, GET/PUT/DELETE testimonials/{id}. */
export const testimonials = createResource<Testimonial, TestimonialInput>({
  name: "testimonials",
  list: "testimonials",
  item: (id) => `testimonials/${id}`,
});
