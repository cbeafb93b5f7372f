import {
  Body,
  Column,
  Container,
  Head,
  Hr,
  Html,
  Img,
  Preview,
  Row,
  Section,
  Text,
} from "@react-email/components";

/** An order's line as the message lists it, its amounts already in the reader's language. */
export interface EmailLine {
  name: string;
  quantity: string;
  amount: string;
}

export interface EmailProps {
  lang: string;
  store: { name: string; logo: string | undefined; address: string; contact: string };
  /** The drawn body, as text: paragraphs split by blank lines, lines by newlines. */
  body: string;
  lines?: { heading: [string, string, string]; rows: EmailLine[] } | undefined;
}

const page = { backgroundColor: "#f4f5f7", fontFamily: "Arial, 'Noto Sans SC', sans-serif" };
const card = { backgroundColor: "#ffffff", padding: "24px", maxWidth: "600px", margin: "0 auto" };
const small = { color: "#6c757d", fontSize: "12px", lineHeight: "18px" };

/**
 * Every message's HTML (docs/decisions/messages.md): the store's logo and name,
 * the body the template drew (React escapes every value in it), an order's
 * lines, and the store's address at the foot.
 */
export function EmailLayout({ lang, store, body, lines }: EmailProps) {
  const paragraphs = body.split(/\n\s*\n/).filter((p) => p.trim() !== "");
  return (
    <Html lang={lang}>
      <Head />
      <Preview>{paragraphs[1] ?? paragraphs[0] ?? store.name}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Section>
            {store.logo ? (
              <Img src={store.logo} alt={store.name} width="160" />
            ) : (
              <Text style={{ fontSize: "20px", fontWeight: "bold" }}>{store.name}</Text>
            )}
          </Section>
          {paragraphs.map((paragraph, i) => (
            <Text key={i} style={{ fontSize: "15px", lineHeight: "22px" }}>
              {paragraph.split("\n").map((line, j) => (
                <span key={j}>
                  {j > 0 && <br />}
                  {line}
                </span>
              ))}
            </Text>
          ))}
          {lines && lines.rows.length > 0 && (
            <Section>
              <Row>
                {lines.heading.map((label, i) => (
                  <Column key={label} align={i === 0 ? "left" : "right"} style={small}>
                    {label}
                  </Column>
                ))}
              </Row>
              {lines.rows.map((line, i) => (
                <Row key={i}>
                  <Column>{line.name}</Column>
                  <Column align="right">{line.quantity}</Column>
                  <Column align="right">{line.amount}</Column>
                </Row>
              ))}
            </Section>
          )}
          <Hr />
          <Text style={small}>
            {store.name}
            {store.address && (
              <>
                <br />
                {store.address}
              </>
            )}
            {store.contact && (
              <>
                <br />
                {store.contact}
              </>
            )}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}
