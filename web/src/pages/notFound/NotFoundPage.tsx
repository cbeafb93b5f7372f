import { Button } from "react-bootstrap";
import { useNavigate } from "react-router";
import { useTranslation } from "../../i18n";
import { isLoggedIn } from "../../lib/session";

/** /404: where every unknown path lands; Back to Earth goes home or to the login. */
export default function NotFoundPage() {
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <main className="app-center-page text-center">
      <div>
        <p className="not-found-code" aria-hidden="true">
          404
        </p>
        <h1 className="h5 mb-4">{t("notFound.text")}</h1>
        <Button onClick={() => navigate(isLoggedIn() ? "/admin" : "/login-back")}>
          {t("notFound.backToEarth")}
        </Button>
      </div>
    </main>
  );
}
