import type { ReactNode } from "react";
import { Card } from "react-bootstrap";
import { DEFAULT_LOGO } from "../../components";

/** The frame of the pages before a session (login, forgot and reset password): the logo, a title, the card. */
export function PublicCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="app-center-page">
      <Card className="login-card shadow-sm">
        <Card.Body className="p-4">
          <div className="text-center mb-3">
            <img src={DEFAULT_LOGO} alt="" width={220} height={50} className="login-logo" />
          </div>
          <h1 className="h4 text-center mb-4">{title}</h1>
          {children}
        </Card.Body>
      </Card>
    </main>
  );
}
