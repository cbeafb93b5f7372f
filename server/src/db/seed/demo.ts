import type { Db } from "../client";

/** The demo store: filled in by the demo-store work. */
export async function seedDemoStore(_db: Db, _uploadsDir: string): Promise<void> {}
