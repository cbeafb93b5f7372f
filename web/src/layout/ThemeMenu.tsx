import { useTranslation } from "../i18n";
import { setThemeChoice, THEME_CHOICES, useTheme } from "../lib/theme";
import { Icon } from "./icons";
import { MenuButton } from "./MenuButton";

/**
 * The top bar's "Theme" menu: Light, Dark or System, the current one ticked.
 * Its accessible name is "Theme" in every language, as the Language menu's is.
 */
export function ThemeMenu() {
  const { t } = useTranslation();
  const { choice, theme } = useTheme();
  return (
    <MenuButton
      label={<Icon name={theme === "dark" ? "moon" : "sun"} />}
      ariaLabel="Theme"
      className="app-no-caret"
    >
      {THEME_CHOICES.map((value) => (
        <button
          key={value}
          type="button"
          className={`dropdown-item d-flex justify-content-between gap-3${choice === value ? " active" : ""}`}
          aria-pressed={choice === value}
          onClick={() => setThemeChoice(value)}
        >
          {t(`theme.${value}`)}
          {choice === value && <span aria-hidden="true">✓</span>}
        </button>
      ))}
    </MenuButton>
  );
}
