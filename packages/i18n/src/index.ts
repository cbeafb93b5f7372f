// The catalogues and the one translate (docs/decisions/languages.md). English is
// bundled here; Malay and Chinese are imported by who needs them
// ("@store/i18n/ms.json"), so the web app fetches them only when chosen.
export { default as en } from "./en.json";
export * from "./languages";
export * from "./translate";
