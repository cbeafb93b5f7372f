/**
 * How the browser suite starts the server: the bundle `npm start` runs when
 * scripts/test.mjs has just built it (E2E_SERVER_BUNDLE), otherwise the sources
 * through tsx, so a run of one file never meets a stale bundle. The bundle
 * starts on a third of the CPU (no TypeScript transform at each start).
 */
export function serverArgs(): string[] {
  const bundle = process.env.E2E_SERVER_BUNDLE;
  return bundle ? ["--enable-source-maps", bundle] : ["--import", "tsx", "server/src/main.ts"];
}
