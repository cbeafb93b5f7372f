// The login form's schemas in a chunk of their own, fetched once the page is drawn:
// zod (about 25 kB gzipped) is not in /login-back's first download.
export { loginBody, totpCodeBody } from "@store/contract";
