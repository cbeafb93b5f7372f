/** Plans the demo store's agency stores, banners and testimonials. */
import { ADMIN_ROLE } from "@store/contract";
import type { agencyStores, banners, testimonials } from "../../schema";
import { AGENCY_STORES, BANNERS, TESTIMONIALS } from "./contentData";
import type { DemoImages } from "./images";
import { mobile, person, type UserPlan } from "./people";
import type { Random } from "./random";
import { between, type Calendar, DAY, inTwoYears, wire } from "./time";

const YEAR = 365 * DAY;

export function planAgencyStores(
  random: Random,
  cal: Calendar,
  count: number,
): (typeof agencyStores.$inferInsert)[] {
  return AGENCY_STORES.slice(0, count).map((store, i) => {
    const owner = person(random);
    const created = inTwoYears(random, cal, 0.4);
    // A yearly licence: stores that signed up early last year have lapsed.
    const expires = created + YEAR;
    return {
      store_username: store.store_username,
      store_name: store.store_name,
      owner: `${owner.f_name} ${owner.l_name}`,
      store_email: `${store.store_username}@gmail.com`,
      owner_contact: mobile(random),
      store_status: i % 5 === 4 ? 0 : 1,
      created_at: wire(created),
      expired_at: wire(expires),
      updated_at: random.chance(0.4) ? wire(between(random, created, cal.now)) : null,
    };
  });
}

export function planBanners(
  random: Random,
  cal: Calendar,
  images: DemoImages,
  count: number,
): (typeof banners.$inferInsert)[] {
  return BANNERS.slice(0, count).map((banner, i) => {
    const created = inTwoYears(random, cal, 0.5);
    return {
      title: banner.title,
      subtitle: banner.subtitle,
      banner_image: images.banners[i] ?? "",
      banner_status: i < 4 ? 1 : 0,
      created_at: wire(created),
      updated_at: random.chance(0.5) ? wire(between(random, created, cal.now)) : null,
    };
  });
}

type TestimonialRow = Omit<typeof testimonials.$inferInsert, "user_id">;
export interface TestimonialPlan {
  userIndex: number;
  row: TestimonialRow;
}

/** Testimonials by real members who have ordered, one each. */
export function planTestimonials(
  random: Random,
  cal: Calendar,
  usersPlan: readonly UserPlan[],
  firstOrderMs: readonly (number | null)[],
  count: number,
): TestimonialPlan[] {
  const customers = usersPlan
    .map((_u, i) => i)
    .filter((i) => firstOrderMs[i] != null && usersPlan[i]?.row.role !== ADMIN_ROLE);
  return random.sample(customers, Math.min(count, customers.length)).map((userIndex, k) => {
    const text = TESTIMONIALS[k % TESTIMONIALS.length] as (typeof TESTIMONIALS)[number];
    const created = between(random, firstOrderMs[userIndex] as number, cal.now);
    return {
      userIndex,
      row: {
        username: (usersPlan[userIndex] as UserPlan).row.username,
        testimonial_title: text.title,
        testimonial_content: text.content,
        testimonial_status: random.chance(0.85) ? 1 : 0,
        created_at: wire(created),
        updated_at: random.chance(0.3) ? wire(between(random, created, cal.now)) : null,
      },
    };
  });
}
