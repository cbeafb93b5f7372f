import { DECLARED_RECORDS, PERMISSIONS } from "@store/contract";
import en from "@store/i18n/en.json";
import ms from "@store/i18n/ms.json";
import zh from "@store/i18n/zh.json";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settingsKeys } from "../src/api/settings";
import { auditKinds, recordLink } from "../src/components/AuditRecord";
import { isActiveLink, SIDEBAR_LINKS } from "../src/layout/navigation";
import { Sidebar } from "../src/layout/Sidebar";
import { resources } from "../src/resources";
import { resourceLookups } from "../src/resources/context";
import { appRoutes } from "../src/routes";
import { signInAs, signOut } from "./signedIn";

// The web half of docs/ARCHITECTURE.md's "How to add a list and form": every
// declared resource (web/src/resources/) is in the route table, its sidebar
// entry is shown, its words are in the three catalogues, its audit entity is one
// the audit log knows and links to, its permissions are the catalogue's. The
// server half (its list answers, its audit entity is labelled) is
// server/test/resources.test.ts.

afterEach(cleanup);

// An Admin: every control is drawn (test/permissionsOnScreen.test.tsx hides them).
beforeEach(() => {
  signInAs();
});
afterEach(signOut);

const catalogues = { en, ms, zh } as const;
/** The sidebar's logo reads the store's identity: already known here, so nothing is asked. */
function quietClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(settingsKeys.identity, {});
  return client;
}
const screens = resources.flatMap((r) => r.screens.map((s) => ({ resource: r.name, ...s })));

/** The English texts a resource's screens show through translate(), beyond its titles. */
function wordsOf(resource: (typeof resources)[number]): string[] {
  const words = resource.screens.map((s) => s.title);
  // A missing record's notice: "No brand …", and its way back.
  if (resource.edit) words.push(`Back to ${resource.list.title}`, resource.noun?.one ?? "");
  // A declared record's screens are drawn from its fields (pages/records/).
  const declared = DECLARED_RECORDS.find((r) => r.name === resource.name);
  for (const field of declared?.fields ?? []) {
    words.push(field.label, ...Object.values(field.choices ?? {}));
    if (field.hint) words.push(field.hint);
  }
  if (declared) words.push(resource.noun?.many ?? "");
  return words;
}

describe("every declared resource", () => {
  it("has its screens in the route table, each path once, with its title", () => {
    for (const screen of screens) {
      const route = appRoutes.find((r) => r.path === screen.path);
      expect(route, `${screen.resource}: ${screen.path}`).toBeDefined();
      expect(route?.title).toBe(screen.title);
      expect(route?.resource.name).toBe(screen.resource);
    }
    const paths = screens.map((s) => s.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(resources.map((r) => r.name)).size).toBe(resources.length);
    // docs/REQUIREMENTS.md section 2's routes are case-sensitive and start with "/".
    for (const path of paths) expect(path).toMatch(/^\/[a-zA-Z-]*$/);
  });

  it("with an edit screen or another screen of one record, says its id parameter, and links to it", () => {
    for (const r of resources.filter((r) => r.edit)) {
      expect(r.idParam, r.name).toMatch(/^[a-z]+$/);
      expect(r.editLink?.(12)).toBe(`${r.edit?.path}?${r.idParam}=12`);
    }
    const lookups = resourceLookups(resources);
    for (const r of resources) {
      for (const [name, screen] of Object.entries(r.more ?? {})) {
        if (screen.param)
          expect(lookups.link(r.name, name, 12)).toBe(`${screen.path}?${screen.param}=12`);
        else expect(() => r.link(name, 12), `${r.name} ${name}`).toThrow();
      }
    }
    expect(lookups.link("users", "genealogy", 7)).toBe("/genealogy?uid=7");
    expect(lookups.link("userWallets", "statement", 7)).toBe("/walletStatement?uid=7");
  });

  it("shows its sidebar entry, in docs/REQUIREMENTS.md section 2's order, on every screen of it", () => {
    const entries = resources
      .flatMap((r) => (r.sidebar ? [{ name: r.name, to: r.list.path, ...r.sidebar }] : []))
      .sort((a, b) => a.order - b.order);
    expect(new Set(entries.map((e) => e.order)).size).toBe(entries.length);
    expect(entries.map((e) => e.label)).toEqual([
      "Dashboard",
      "Products",
      "Categories",
      "Order",
      // Every return and refund (issue 42), next to the orders they give back.
      "Returns",
      "Coupon",
      "Users",
      "User Wallets",
      "Withdraw Request",
      // Next to the requests it gathers (issue 39).
      "Payout Batches",
      // The year's tax statements of what the payouts paid (issue 39 item 4).
      "CP58 Statements",
      // The documents to LHDN's MyInvois (issue 40 item 5), beside the other tax documents.
      "E-invoices",
      "Agency",
      "Memberships",
      "Banner",
      "Brands",
      "Testimonial",
      "Settings",
      "Jobs",
      "Audit Log",
      "Permission Groups",
      "Reports",
      "Commissions",
      "Tax Categories",
      // The store's messages to its members (issue 41), after section 2's screens.
      "Messages",
      "Message Templates",
      // Bringing a store in from spreadsheets (issue 43), with the system screens.
      "Import",
    ]);
    // Every screen of a resource highlights its entry, and only its entry.
    for (const r of resources.filter((r) => r.sidebar)) {
      for (const { path } of r.screens) {
        const active = SIDEBAR_LINKS.filter((link) => isActiveLink(link, path));
        expect(
          active.map((link) => link.key),
          path,
        ).toEqual([r.name]);
      }
    }
    // As drawn, on a form (a link highlighted by its `also`): every entry shown, in order.
    render(
      <QueryClientProvider client={quietClient()}>
        <MemoryRouter initialEntries={["/editBrands?bid=1"]}>
          <Sidebar />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nav = within(screen.getByRole("navigation", { name: "Sidebar" }));
    const links = nav.getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(entries.map((e) => e.label));
    expect(links.map((a) => a.getAttribute("href"))).toEqual(entries.map((e) => e.to));
    expect(nav.getByRole("link", { current: "page" }).textContent).toBe("Brands");
  });

  it.each(Object.entries(catalogues))("has its words in the %s catalogue", (_code, catalogue) => {
    const texts = catalogue.texts as Record<string, string>;
    const nav = catalogue.nav as Record<string, string>;
    for (const r of resources) {
      expect(
        wordsOf(r).filter((text) => !texts[text]),
        r.name,
      ).toEqual([]);
      if (r.sidebar) expect(nav[r.name], `nav.${r.name}`).toBeTruthy();
    }
    // The English sidebar label is the one declared.
    for (const r of resources.filter((r) => r.sidebar)) {
      expect((en.nav as Record<string, string>)[r.name]).toBe(r.sidebar?.label);
    }
  });

  it("names an audit entity the audit log offers, and its rows link to the record's edit screen", () => {
    // The audit log's Record filter: the resources' entities and the other kinds the server writes.
    const kinds = auditKinds(resources);
    expect(kinds).toEqual([...kinds].sort((a, b) => a.localeCompare(b, "en")));
    expect(kinds).toEqual(
      expect.arrayContaining([
        "Agency store",
        "Banner",
        "Brand",
        "Category",
        "LedgerEntry",
        "Membership",
        "Order",
        "OrderCommission",
        "Owed",
        "Payment method",
        "Product",
        "Session",
        "Settings",
        "Shipping method",
        "Social login",
        "Testimonial",
        "Upload",
        "User",
        "Variant",
        "Voucher",
        "Wallet",
        "WithdrawRequest",
      ]),
    );
    const lookups = resourceLookups(resources);
    for (const r of resources.filter((r) => r.entity && r.editLink)) {
      const entry = { entity: r.entity ?? "", entity_id: "7", action: "update" };
      expect(recordLink({ ...entry, before: null, after: null }, lookups), r.name).toBe(
        r.editLink?.(7),
      );
    }
    // A record with an edit screen names its entity (its History panel).
    for (const r of resources.filter((r) => r.edit)) expect(r.entity, r.name).toBeTruthy();
  });

  it("declares each screen's and action's permission from the catalogue (issue 22)", () => {
    const known = new Set<string | null>([...PERMISSIONS, null]);
    for (const r of resources) {
      // A screen may need any one of several (/import: each kind its own area's).
      for (const s of r.screens)
        for (const one of [s.permission].flat()) expect(known.has(one), `${s.path}`).toBe(true);
      for (const [action, needs] of Object.entries(r.actions)) {
        expect(known.has(needs), `${r.name} ${action}`).toBe(true);
      }
      if (r.area) {
        expect(r.screens.find((s) => s.kind === "list")?.permission).toBe(`${r.area}:view`);
        expect(r.actions.update).toBe(`${r.area}:manage`);
      }
      if (r.add) expect(r.screens.find((s) => s.kind === "add")?.permission).toMatch(/:manage$/);
    }
  });
});
