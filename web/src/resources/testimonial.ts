import { defineResource } from "./define";

const form = () => import("../pages/content/TestimonialForm");

export const testimonial = defineResource({
  name: "testimonial",
  area: "content",
  api: "testimonials",
  entity: "Testimonial",
  idParam: "tid",
  noun: { one: "testimonial", many: "testimonials" },
  list: {
    path: "/testimonial",
    title: "Testimonial",
    screen: () => import("../pages/content/TestimonialList"),
  },
  add: { path: "/addTestimonial", title: "Add Testimonial", screen: form },
  edit: { path: "/editTestimonial", title: "Edit Testimonial", screen: form },
  sidebar: { group: "content", label: "Testimonial", icon: "quote", order: 130 },
});
