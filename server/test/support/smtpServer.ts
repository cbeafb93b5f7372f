/**
 * A real SMTP server for tests of the messages (issue 41,
 * docs/decisions/messages.md): smtp-server on 127.0.0.1, no authentication,
 * no TLS, each mail kept as mailparser parses it. It can be stopped and
 * started again on the same port (a mail server down for a while) and can
 * refuse mail for a while (answering 451 to each recipient).
 */
import type { AddressInfo } from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpTestServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL and sendMessageJob. */
  url: string;
  port: number;
  /** Every mail accepted, parsed, in the order it arrived. */
  mails: ParsedMail[];
  /** Answers 451 (try again later) to every recipient until `false`. */
  refuse(on: boolean): void;
  /** Closes the port: a mail server down. */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  start(): Promise<void>;
}

export async function startSmtpServer(): Promise<SmtpTestServer> {
  const mails: ParsedMail[] = [];
  let refusing = false;
  let port = 0;
  let server: SMTPServer | null = null;

  const listen = async () => {
    const next = new SMTPServer({
      authOptional: true,
      disabledCommands: ["AUTH", "STARTTLS"],
      logger: false,
      onRcptTo(_address, _session, callback) {
        if (!refusing) return callback();
        const error = Object.assign(new Error("Mailbox busy, try again later"), {
          responseCode: 451,
        });
        callback(error);
      },
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    // A lost client (the sender stopped mid-way) is no failure of the test.
    next.on("error", () => {});
    await new Promise<void>((resolve, reject) => {
      next.server.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        next.server.off("error", reject);
        resolve();
      });
    });
    port = (next.server.address() as AddressInfo).port;
    server = next;
  };

  await listen();
  return {
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    get port() {
      return port;
    },
    mails,
    refuse(on) {
      refusing = on;
    },
    async stop() {
      const running = server;
      server = null;
      if (running) await new Promise<void>((resolve) => running.close(() => resolve()));
    },
    async start() {
      if (!server) await listen();
    },
  };
}
