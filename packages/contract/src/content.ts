import { z } from "zod";
import {
  fileName,
  nameText,
  nullableTimestamp,
  optionalText,
  requiredText,
  status01,
  statusOut,
  timestamp,
} from "./primitives";
import { recordVersion } from "./versions";

export const bannerInput = z.object({
  title: requiredText("Title"),
  subtitle: optionalText(255),
  banner_image: fileName,
  banner_status: status01.default(0),
});
export type BannerInput = z.input<typeof bannerInput>;

export const banner = z.object({
  banner_id: z.number(),
  title: z.string(),
  subtitle: z.string(),
  banner_image: z.string(),
  banner_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type Banner = z.infer<typeof banner>;

export const testimonialInput = z.object({
  username: nameText("Customer username", 50),
  testimonial_title: requiredText("Testimonial title"),
  testimonial_content: optionalText(),
  testimonial_status: status01.default(0),
});
export type TestimonialInput = z.input<typeof testimonialInput>;

export const testimonial = z.object({
  testimonial_id: z.number(),
  username: z.string(),
  f_name: z.string().nullable(),
  l_name: z.string().nullable(),
  testimonial_title: z.string(),
  testimonial_content: z.string(),
  testimonial_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
  version: recordVersion,
});
export type Testimonial = z.infer<typeof testimonial>;
