import type { Banner, BannerInput, Testimonial, TestimonialInput, User } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";
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

/**
 * The testimonial form's customer select: every username from GET /api/users,
 * sorted. Kept under the users key so a user change refreshes it.
 */
export function useCustomerUsernames() {
  return useQuery({
    queryKey: ["users", "usernames"],
    queryFn: async () => {
      const users = await api.get<Pick<User, "user_id" | "username">[]>("users");
      return users
        .map((u) => u.username)
        .sort((a, b) => a.localeCompare(b, "en", { sensitivity: "base" }));
    },
    staleTime: 60_000,
  });
}
