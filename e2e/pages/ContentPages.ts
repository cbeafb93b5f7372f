import type { Page } from "@playwright/test";
import type { Banner, Testimonial } from "@store/contract";
import { ListScreen } from "./ListScreen";
import { chooseInTypeahead, typeaheadOptions } from "./Typeahead";

/** /banner */
export class BannerListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/banner");
  }

  async apiBanner(title: string): Promise<Banner | undefined> {
    const response = await this.page.request.get(
      `/api/banner?q=${encodeURIComponent(title)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as Banner[]).find((b) => b.title === title);
  }
}

/** /addBanner and /editBanner?bnid= */
export class BannerFormPage {
  constructor(readonly page: Page) {}

  readonly title = () => this.page.getByLabel("Title", { exact: true });
  readonly image = () => this.page.getByLabel("Banner Image");
  readonly subtitle = () => this.page.getByLabel("Subtitle");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly preview = () => this.page.getByRole("img", { name: "Preview" });
  readonly remove = () => this.page.getByRole("button", { name: "Remove", exact: true });
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });

  /** Chooses a file and answers the alert it raised, or null when it was accepted and previewed. */
  async chooseFile(file: {
    name: string;
    mimeType: string;
    buffer: Buffer;
  }): Promise<string | null> {
    const alerted = this.page
      .waitForEvent("dialog", { timeout: 10_000 })
      .then(async (dialog) => {
        const message = dialog.message();
        await dialog.accept();
        return message;
      })
      .catch(() => null);
    const before = await this.preview().count();
    await this.image().setInputFiles(file);
    const previewed = this.page
      .waitForFunction(
        (count) => document.querySelectorAll('img[alt="Preview"]').length > count,
        before,
        { timeout: 10_000 },
      )
      .then(() => null)
      .catch(() => null);
    return Promise.race([alerted.then((m) => m ?? previewed), previewed.then(() => null)]);
  }
}

/** /testimonial */
export class TestimonialListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/testimonial");
  }

  async apiTestimonial(title: string): Promise<Testimonial | undefined> {
    const response = await this.page.request.get(
      `/api/testimonials?q=${encodeURIComponent(title)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as Testimonial[]).find((t) => t.testimonial_title === title);
  }
}

/** /addTestimonial and /editTestimonial?tid= */
export class TestimonialFormPage {
  constructor(readonly page: Page) {}

  readonly customer = () => this.page.getByLabel("Customer Username");
  readonly title = () => this.page.getByLabel("Testimonial Title");
  readonly content = () => this.page.getByLabel("Content");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly errors = () => this.page.locator(".invalid-feedback");

  /** The customer is a type-ahead over the users: the usernames it offers for what is typed. */
  customerChoices(typed: string): Promise<string[]> {
    return typeaheadOptions(this.customer(), typed);
  }

  chooseCustomer(username: string): Promise<void> {
    return chooseInTypeahead(this.customer(), username);
  }
}
