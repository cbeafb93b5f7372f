import type { OwnLanguageAnswer } from "@store/contract";
import { api } from "../api/client";
import { showToast } from "../components/toastStore";
import { LANGUAGES, type LanguageCode, setLanguage, useTranslation } from "../i18n";
import { errorText } from "../i18n/errors";
import { updateStoredAdmin } from "../lib/session";
import { MenuButton } from "./MenuButton";

/**
 * The top bar's "Language" menu: English, Bahasa Melayu, 中文, each named in
 * its own language. The screens switch at once; the choice is kept on the
 * admin's own user record (PUT adminLanguage), so it follows them to any
 * browser they sign in from (docs/decisions/languages.md).
 */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const current = LANGUAGES.find((l) => l.code === i18n.resolvedLanguage) ?? LANGUAGES[0];

  async function choose(code: LanguageCode, name: string) {
    await setLanguage(code);
    updateStoredAdmin({ languages: name });
    try {
      await api.put<OwnLanguageAnswer>("adminLanguage", { languages: name });
    } catch (error) {
      const message = error instanceof Error ? errorText(error) : "";
      showToast(t("language.saveFailed", { message }));
    }
  }

  return (
    // The same accessible name in every language: it is how the menu is found again.
    <MenuButton
      label={
        // The code is drawn by CSS (styles.css): the button's name stays "Language"
        // and no visible text contradicts it (axe: label-content-name-mismatch).
        <span
          className="app-language-label"
          lang={current.htmlLang}
          data-short={current.short}
          aria-hidden="true"
        />
      }
      ariaLabel="Language"
    >
      {LANGUAGES.map(({ code, name, htmlLang }) => (
        <button
          key={code}
          type="button"
          lang={htmlLang}
          className={`dropdown-item d-flex justify-content-between gap-3${current.code === code ? " active" : ""}`}
          aria-pressed={current.code === code}
          onClick={() => void choose(code, name)}
        >
          {name}
          {current.code === code && <span aria-hidden="true">✓</span>}
        </button>
      ))}
    </MenuButton>
  );
}
