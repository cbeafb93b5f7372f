import type { AdminData } from "@store/contract";

// The contract's values, repeated here on purpose: its auth module builds zod
// schemas, and importing it would put zod in the first download of every page
// (docs/benchmarks/web-and-edge.md, "Web app size and first load"). test/session.test.ts
// keeps them equal to the contract's.
/** How long a login lasts in the browser: 10 hours. */
export const SESSION_LIFETIME_MS = 36_000_000;
/** How often an open app checks that its login has not expired. */
export const SESSION_CHECK_INTERVAL_MS = 60_000;

/**
 * The browser-storage flags of docs/REQUIREMENTS.md section 4 (isAdminLoggedIn, adminData,
 * expirationTime). They drive the screens; the server's cookie session is what
 * actually protects the data.
 */
const KEYS = {
  loggedIn: "isAdminLoggedIn",
  admin: "adminData",
  expires: "expirationTime",
} as const;

/** Whoever draws from the stored person (the sidebar, useCan): told when it changes. */
const listeners = new Set<() => void>();
const changed = () => {
  for (const listener of listeners) listener();
};

/** Calls `listener` when the stored login changes, here or in another tab. */
export function subscribeToLogin(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("storage", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", listener);
  };
}

export function storeLogin(admin: AdminData, now = Date.now()): void {
  localStorage.setItem(KEYS.loggedIn, "true");
  localStorage.setItem(KEYS.admin, JSON.stringify(admin));
  localStorage.setItem(KEYS.expires, String(now + SESSION_LIFETIME_MS));
  changed();
}

export function clearLogin(): void {
  localStorage.removeItem(KEYS.loggedIn);
  localStorage.removeItem(KEYS.admin);
  localStorage.removeItem(KEYS.expires);
  changed();
}

/** The last parse, kept while the stored text is the same: one object per stored value. */
let parsed: { raw: string; admin: AdminData | null } | undefined;

export function readAdmin(): AdminData | null {
  const raw = localStorage.getItem(KEYS.admin);
  if (!raw) return null;
  if (parsed?.raw === raw) return parsed.admin;
  let admin: AdminData | null;
  try {
    admin = JSON.parse(raw) as AdminData;
  } catch {
    admin = null;
  }
  parsed = { raw, admin };
  return admin;
}

export function updateStoredAdmin(changes: Partial<AdminData>): void {
  const admin = readAdmin();
  if (!admin) return;
  const next = JSON.stringify({ ...admin, ...changes });
  if (next === localStorage.getItem(KEYS.admin)) return;
  localStorage.setItem(KEYS.admin, next);
  changed();
}

/** Logged in: the flag is set, admin data is present and the expiry has not passed. */
export function isLoggedIn(now = Date.now()): boolean {
  if (localStorage.getItem(KEYS.loggedIn) !== "true" || !readAdmin()) return false;
  const expires = Number(localStorage.getItem(KEYS.expires));
  return Number.isFinite(expires) && now < expires;
}
