import type { ReactNode } from 'react';
// Each component from its own package: the umbrella one also loads Tailwind, Markdown and a code highlighter.
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { SiteInfo } from '#shared/site.ts';

// Inline styles: mail clients ignore stylesheets. One column, large type, one clear button: many readers are
// not at ease with computers and read on a phone.
const colors = { text: '#0f172a', muted: '#475569', brand: '#1d4ed8', border: '#e2e8f0', panel: '#f8fafc' };
const font = '-apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const styles = {
  text: { fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0 0 16px' },
  panel: {
    backgroundColor: colors.panel,
    border: `1px solid ${colors.border}`,
    borderRadius: '8px',
    padding: '12px 16px',
    margin: '0 0 16px',
  },
  panelLine: { fontSize: '16px', lineHeight: '24px', color: colors.text, margin: '0' },
  quote: {
    fontSize: '15px',
    lineHeight: '22px',
    color: colors.muted,
    margin: '0 0 16px',
    whiteSpace: 'pre-line' as const,
  },
};

export function MailLayout({
  site,
  preview,
  title,
  children,
}: {
  site: SiteInfo;
  preview: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Html lang="fr">
      <Head />
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: '#f1f5f9', fontFamily: font, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', borderRadius: '12px', maxWidth: '560px', padding: '24px' }}>
          <Text style={{ fontSize: '14px', fontWeight: 700, color: colors.brand, margin: '0 0 8px' }}>
            {site.siteName}
          </Text>
          <Heading as="h1" style={{ fontSize: '22px', lineHeight: '30px', color: colors.text, margin: '0 0 16px' }}>
            {title}
          </Heading>
          {children}
          <Hr style={{ borderColor: colors.border, margin: '24px 0 16px' }} />
          <Text style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: 0 }}>
            {site.siteName} · {site.phone} · <Link href={`mailto:${site.email}`}>{site.email}</Link>
            <br />
            {site.legalName}, {site.address}
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={styles.text}>{children}</Text>;
}

/** A call to action: a button, with its address written out below for readers whose mail app hides buttons. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '8px 0 20px' }}>
      <Button
        href={href}
        style={{
          backgroundColor: colors.brand,
          borderRadius: '8px',
          color: '#ffffff',
          fontSize: '16px',
          fontWeight: 600,
          padding: '12px 20px',
        }}
      >
        {children}
      </Button>
      {/* The plain-text version already prints the button's address: this copy is for HTML only (catalogue.tsx). */}
      <Text
        className="link-fallback"
        style={{ fontSize: '13px', lineHeight: '20px', color: colors.muted, margin: '8px 0 0' }}
      >
        <Link href={href}>{href}</Link>
      </Text>
    </Section>
  );
}

/** Label : value lines in a box (credentials, an order, a request). */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Section style={styles.panel}>
      {rows.map(([label, value]) => (
        <Text key={label} style={styles.panelLine}>
          {label} : <strong>{value}</strong>
        </Text>
      ))}
    </Section>
  );
}

export function Signature({ site }: { site: SiteInfo }) {
  return <Text style={styles.text}>L’équipe {site.siteName}</Text>;
}
