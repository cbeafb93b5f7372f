import {
  type CommissionPeriod,
  type CommissionPlan,
  type CommissionPreviewRow,
  type CommissionStatement,
  commissionPeriod,
  commissionPeriodReport,
  commissionPeriodRun,
  commissionPlan,
  commissionPlanInput,
  commissionPreviewInput,
  commissionPreviewRow,
  commissionStatement,
  type Job,
  type LedgerEntry,
  ledgerEntry,
  type Membership,
  type RankChange,
  rankChange,
  type Settings,
  type User,
} from "@store/contract";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { subscribeToasts } from "../src/components/toastStore";
import { forgetListViews } from "../src/components/useListState";
import { setLanguage } from "../src/i18n/index";
import { signOut } from "./signedIn";
import { settingsOf } from "./storeSettings";

// The small fake server of the commission screens' tests (commissions*.test.tsx),
// as test/jobs.test.tsx has its own: every answer it gives is parsed by the
// contract's own schema, and every body it is sent is checked against the
// contract's input schema, so the screens and the contract cannot drift apart.

/** A screen's code is loaded lazily: on a busy machine it takes more than the default second. */
export const LOADED = { timeout: 5000 };

const tiers: Membership[] = [
  {
    member_id: 2,
    membership: "Gold",
    rank: 2,
    member_percentage: "10.00",
    member_earning: "10.00",
    min_requirement: "100.00",
    req_condition: "pv",
    created_at: "2026-01-01 10:00:00",
    updated_at: null,
    version: 1,
  },
  {
    member_id: 1,
    membership: "Silver",
    rank: 1,
    member_percentage: "5.00",
    member_earning: "5.00",
    min_requirement: "0.00",
    req_condition: "pv",
    created_at: "2026-01-01 10:00:00",
    updated_at: null,
    version: 1,
  },
];

/** No plan set: level 1 at each tier's Member Earning %, paid at once. */
const DEFAULT_PLAN: CommissionPlan = commissionPlan.parse({
  default: true,
  levels: [
    {
      level: 1,
      rates: { "1": "5.00", "2": "10.00" },
      min_personal_pv: "0.00",
      when_unqualified: "skip",
    },
  ],
  cap_per_order: null,
  cap_per_period: null,
  hold_days: 0,
  period_start_day: 1,
  ranks: [],
  demote: false,
  updated_at: null,
  version: 1,
});

/** A plan of the store's own with rank rules: Gold at 100 PV, 500 group PV 3 levels down and 2 legs. */
export const RANKED_PLAN: CommissionPlan = commissionPlan.parse({
  ...DEFAULT_PLAN,
  default: false,
  ranks: [
    {
      member_id: 2,
      personal_pv: "100.00",
      group_pv: "500.00",
      group_depth: 3,
      active_legs: 2,
    },
  ],
  demote: true,
  updated_at: "2026-11-10 09:00:00",
  version: 4,
});

/** Settings record 1 as GET settings/1 answers it; `commission_status` from `answers`. */
const storeSettings = (commissionOn: boolean): Settings =>
  settingsOf({
    store_address: "",
    store_contact: "",
    commission_status: commissionOn ? 1 : 0,
    withdraw_min_amt: "10.00",
    version: 1,
  });

/** C moved from Silver to Gold at period 2's close, applied at its release. */
const RANK_CHANGES: RankChange[] = [
  rankChange.parse({
    period_id: 2,
    user_id: 3,
    username: "C",
    from_member: 1,
    to_member: 2,
    personal_pv: "120.00",
    group_pv: "640.50",
    active_legs: 2,
    applied_at: null,
  }),
];

const period = (p: Partial<CommissionPeriod> & Pick<CommissionPeriod, "period_id">) =>
  commissionPeriod.parse({
    starts_on: "2026-10-01",
    ends_on: "2026-10-31",
    status: "open",
    total: "0.00",
    members: 0,
    orders: 0,
    percent_of_sales: "0.00",
    calculated_at: null,
    first_approved_by: null,
    approved_by: null,
    approved_at: null,
    released_at: null,
    job_id: null,
    version: 1,
    ...p,
  });

const job = (j: Partial<Job>): Job => ({
  job_id: 40,
  kind: "commissions.calculate",
  key: "period:3",
  status: "queued",
  tries: 0,
  max_tries: 3,
  run_at: "2026-11-12 10:00:00",
  started_at: null,
  finished_at: null,
  last_error: null,
  progress: { done: 0, total: 0 },
  created_at: "2026-11-12 10:00:00",
  ...j,
});

const member = (user_id: number, username: string) =>
  ({ user_id, username, f_name: username, l_name: "", email: `${username}@example.my` }) as User;
const MEMBERS = [member(1, "A"), member(2, "B"), member(3, "C"), member(4, "D")];

const entry = (e: Partial<LedgerEntry>): LedgerEntry =>
  ledgerEntry.parse({
    entry_id: 1,
    user_id: 3,
    account: "wallet",
    amount: "0.00",
    balance_after: "0.00",
    reason: "opening",
    ref_type: null,
    ref_id: null,
    note: "",
    level: null,
    actor_id: null,
    actor_username: null,
    created_at: "2026-11-01 10:00:00",
    ...e,
  });

let plan: CommissionPlan;
let periods: CommissionPeriod[];
let jobs: Job[];
let ledger: LedgerEntry[];
/** The plan GET commissionPlan answers from now on (the default plan until then). */
export function setPlanInForce(next: CommissionPlan): void {
  plan = next;
}
/** The toasts shown, in order. */
export const toasts: string[] = [];
let unsubscribe: () => void;
/** What the screens sent: "METHOD path", its body and its If-Match. */
export const sent: { call: string; body: unknown; ifMatch: string | null }[] = [];
/**
 * How the server answers: POST approve approved (200) or a first approval
 * only (202); PUT commissionPlan 412; the store's
 * commission switch (off: the preview pays no one, as the server answers it).
 */
export const answers = {
  approve: 200 as 200 | 202,
  planConflict: false,
  commissionOn: true,
};
/** The periods asked for since a calculation started (null: none running). */
let calculating: number | null = null;

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

/** The sponsor line of D: C, B and A, each paid at one level. */
const PREVIEW: CommissionPreviewRow[] = [
  {
    user_id: 3,
    username: "C",
    level: 1,
    depth: 1,
    outcome: "paid",
    percent: "10.00",
    amount: "10.00",
  },
  {
    user_id: 2,
    username: "B",
    level: 2,
    depth: 2,
    outcome: "paid",
    percent: "5.00",
    amount: "5.00",
  },
  {
    user_id: 1,
    username: "A",
    level: 3,
    depth: 3,
    outcome: "paid",
    percent: "2.00",
    amount: "2.00",
  },
].map((r) => commissionPreviewRow.parse(r));

const STATEMENT: CommissionStatement = commissionStatement.parse({
  user_id: 3,
  username: "C",
  period: period({ period_id: 2, status: "released", total: "17.00", members: 3, orders: 1 }),
  lines: [
    {
      orders_id: 77,
      buyer_username: "D",
      level: 1,
      percent: "10.00",
      base_amount: "100.00",
      amount: "10.00",
      state: "released",
      completed_at: "2026-10-05 12:00:00",
    },
  ],
  levels: [{ level: 1, amount: "10.00" }],
  earned: "10.00",
  held: "0.00",
  released: "10.00",
  paid: "0.00",
  reversed: "0.00",
  owed: "0.00",
});

function fakeServer(url: string, init?: RequestInit): Response {
  const [raw = "", query = ""] = url.replace(/^\/api\//, "").split("?");
  const path = raw;
  const params = new URLSearchParams(query);
  const method = init?.method ?? "GET";
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  const ifMatch = new Headers(init?.headers).get("if-match");
  if (method !== "GET") sent.push({ call: `${method} ${path}`, body, ifMatch });

  if (path === "commissionPlan" && method === "PUT") {
    if (answers.planConflict)
      return json(
        {
          message: "This record was changed by someone else.",
          code: "version_conflict",
          version: plan.version + 1,
          changed_by: "siti",
          changed_at: "2026-11-12 09:00:00",
          changes: [{ field: "hold_days", was: 0, now: 7 }],
        },
        412,
      );
    const values = commissionPlanInput.parse(body);
    plan = commissionPlan.parse({
      ...values,
      default: false,
      updated_at: "2026-11-12 10:00:00",
      version: plan.version + 1,
    });
    return json(plan);
  }
  if (path === "commissionPlan") return json(plan);
  if (path === "commissionPlan/preview") {
    commissionPreviewInput.parse(body);
    return json(answers.commissionOn ? PREVIEW : []);
  }
  if (path === "settings/1") return json(storeSettings(answers.commissionOn));
  if (path === "commissionPeriods") {
    // Without the job to follow, the period itself says when its calculation ended.
    if (calculating !== null && ++calculating > 2) {
      calculating = null;
      periods = periods.map((p) =>
        p.period_id === 3
          ? { ...p, status: "calculated", calculated_at: "2026-11-12 10:01:00" }
          : p,
      );
    }
    return json(periods, 200, { "X-Total-Count": String(periods.length) });
  }
  const step = /^commissionPeriods\/(\d+)\/(calculate|approve|release|report|ranks)$/.exec(path);
  if (step) {
    const found = periods.find((p) => p.period_id === Number(step[1]));
    if (!found) return json({ message: "Not found." }, 404);
    if (step[2] === "ranks")
      return json(RANK_CHANGES.filter((r) => r.period_id === found.period_id));
    if (step[2] === "report")
      return json(
        commissionPeriodReport.parse({
          period: found,
          levels: [
            { level: 1, amount: "600.00", lines: 60 },
            { level: 2, amount: "300.00", lines: 45 },
          ],
          tiers: [{ member_id: 2, membership: "Gold", amount: "900.00", members: 12 }],
          top_earners: [{ user_id: 3, username: "C", amount: "120.00" }],
        }),
      );
    if (step[2] === "approve") {
      const approved =
        answers.approve === 200
          ? {
              ...found,
              status: "approved" as const,
              approved_by: "admin",
              version: found.version + 1,
            }
          : { ...found, first_approved_by: "admin", version: found.version + 1 };
      periods = periods.map((p) => (p.period_id === found.period_id ? approved : p));
      return json(commissionPeriod.parse(approved), answers.approve);
    }
    const running = job({ job_id: 40, kind: `commissions.${step[2]}` });
    if (step[2] === "calculate") calculating = 0;
    jobs = [running];
    return json(commissionPeriodRun.parse({ period: found, job: running }), 202);
  }
  if (path === "jobs") {
    // The job moves on each time it is asked: running at a quarter, then done.
    const [now] = jobs;
    if (!now) return json([], 200, { "X-Total-Count": "0" });
    const next: Job =
      now.status === "queued"
        ? { ...now, status: "running", progress: { done: 1, total: 4 } }
        : { ...now, status: "done", progress: { done: 4, total: 4 } };
    jobs = [next];
    if (next.status === "done")
      periods = periods.map((p) =>
        p.period_id === 3
          ? { ...p, status: "calculated", total: "1500.00", calculated_at: "2026-11-12 10:01:00" }
          : p,
      );
    return json([now], 200, { "X-Total-Count": "1" });
  }
  if (path === "memberships") return json(tiers);
  if (path === "users") return json(MEMBERS, 200, { "X-Total-Count": String(MEMBERS.length) });
  const user = /^users\/(\d+)$/.exec(path);
  if (user) return json(MEMBERS.find((m) => m.user_id === Number(user[1])));
  if (/^users\/\d+\/statement$/.test(path)) return json(STATEMENT);
  const ranks = /^users\/(\d+)\/ranks$/.exec(path);
  if (ranks) return json(RANK_CHANGES.filter((r) => r.user_id === Number(ranks[1])));
  if (/^users\/\d+\/owed$/.test(path))
    return json({ user_id: 3, cash_wallet: "0.00", pv: "0.00", items: [] });
  if (path === "walletLedger") {
    const account = params.get("account");
    const rows = ledger.filter((e) => !account || e.account === account);
    return json(rows, 200, { "X-Total-Count": String(rows.length) });
  }
  if (path === "walletAdjustments") return json([]);
  if (path === "me") return json(null);
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json({ message: "Not found." }, 404);
}

/** Each test of the file starts on the same store, the fake server standing in for fetch. */
export function withFakeStore(): void {
  beforeEach(() => {
    plan = DEFAULT_PLAN;
    periods = [
      period({ period_id: 3, starts_on: "2026-11-01", ends_on: "2026-11-30" }),
      period({
        period_id: 2,
        status: "calculated",
        total: "17.00",
        members: 3,
        orders: 1,
        percent_of_sales: "17.00",
        calculated_at: "2026-11-11 10:00:00",
      }),
    ];
    jobs = [];
    ledger = [
      entry({
        entry_id: 2,
        account: "held",
        amount: "10.00",
        balance_after: "10.00",
        reason: "commission_held",
        ref_type: "order",
        ref_id: 77,
        level: 1,
      }),
      entry({
        entry_id: 1,
        account: "wallet",
        amount: "25.00",
        balance_after: "25.00",
        reason: "adjustment",
      }),
    ];
    sent.length = 0;
    answers.approve = 200;
    answers.planConflict = false;
    answers.commissionOn = true;
    calculating = null;
    toasts.length = 0;
    unsubscribe = subscribeToasts((t) =>
      toasts.push(typeof t.text === "string" ? t.text : t.text.message),
    );
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => fakeServer(url, init)),
    );
  });

  afterEach(async () => {
    cleanup();
    unsubscribe();
    signOut();
    forgetListViews();
    vi.unstubAllGlobals();
    await setLanguage("en");
  });
}
