import { performance } from "node:perf_hooks";
import { applyTimeZone } from "../src/config";
import { openDatabase } from "../src/db/client";
import { settle, shiftDay } from "../src/modules/reports/days";
import * as service from "../src/modules/reports/service";

applyTimeZone("Asia/Kuala_Lumpur");
const url = process.argv[2] as string;
const n = Number(process.argv[3] ?? 30);
const only = process.argv[4];
const database = await openDatabase({ databaseUrl: url.startsWith("postgres") ? url : undefined, dataDir: url.startsWith("postgres") ? undefined : url, timeZone: "Asia/Kuala_Lumpur" } as never);
const db = database.db;
await service.ensureZone(db, "Asia/Kuala_Lumpur");
const today = settle({} as never).to;
const from = shiftDay(today, -364);
const q = (extra: object) => ({ from, to: today, group: "month", by: "product", _limit: 10, ...extra }) as never;
const calls: [string, () => Promise<unknown>][] = [
  ["sales by day", () => service.salesReport(db, q({ group: "day" }))],
  ["sales by month", () => service.salesReport(db, q({}))],
  ["products", () => service.productsReport(db, q({}))],
  ["products by category", () => service.productsReport(db, q({ by: "category" }))],
  ["regions", () => service.regionsReport(db, q({}))],
  ["members by week", () => service.membersReport(db, q({ group: "week" }))],
  ["money by month", () => service.moneyReport(db, q({}))],
  ["coupons", () => service.couponsReport(db, q({}))],
];
for (const [name, call] of calls) {
  if (only && !name.includes(only)) continue;
  const times: number[] = [];
  await call();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await call();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const p = (x: number) => (times[Math.min(times.length - 1, Math.floor(x * times.length))] as number).toFixed(1);
  console.log(`${name.padEnd(22)} p50 ${p(0.5).padStart(7)}  p99 ${p(0.99).padStart(7)}  max ${p(1)}`);
}
await database.close();
