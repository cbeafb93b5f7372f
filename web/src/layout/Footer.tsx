import { Link } from "react-router";
import { useSettings } from "../api/settings";

/** The copyright text from settings and the Terms and Privacy links. */
export function Footer() {
  const { data: settings } = useSettings();
  return (
    <footer className="app-footer border-top bg-white px-3 py-2 d-flex flex-wrap gap-2 small">
      <span className="text-muted">{settings?.copyright_text}</span>
      <nav aria-label="Footer" className="ms-auto d-flex gap-3">
        <Link to="/terms">Terms</Link>
        <Link to="/privacy">Privacy</Link>
      </nav>
    </footer>
  );
}
