// The login form's schema in a chunk of its own, fetched once the page is drawn:
// zod (about 25 kB gzipped) is not in /login-back's first download.
export { loginBody } from "@store/contract";
