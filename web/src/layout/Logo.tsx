import { useStoreIdentity } from "../api/settings";
import { DEFAULT_LOGO, ImageWithFallback } from "../components";
import { useTranslation } from "../i18n";
import { useNarrowWindow } from "./useNarrowWindow";

/**
 * The store's logo from settings (store_logo, alt store_name), or the default
 * logo when there is none or it fails to load. 150 x 50 below 992 px, else 220 x 50.
 */
export function Logo() {
  const narrow = useNarrowWindow();
  const { data: settings } = useStoreIdentity();
  const { t } = useTranslation();
  return (
    <ImageWithFallback
      fileName={settings?.store_logo}
      fallback={DEFAULT_LOGO}
      alt={settings?.store_name ?? t("nav.storeLogo")}
      width={narrow ? 150 : 220}
      height={50}
      className="app-logo"
    />
  );
}
