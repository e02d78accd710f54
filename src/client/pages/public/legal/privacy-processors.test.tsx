import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '#shared/site.ts';
import { durationLabel, RETENTION } from '#shared/privacy/retention-periods.ts';
import { Processors, Transfers } from './privacy-processors.tsx';
import { RetentionList } from './privacy-retention.tsx';

const SITE: SiteInfo = {
  siteName: 'RFS Assistance',
  legalName: 'RFS Assistance LLC',
  address: 'Sheridan, WY',
  email: 'contact@exemple.fr',
  phone: '+33 1 00 00 00 00',
  companyId: 'LLC 1',
  publicUrl: 'https://exemple.fr',
  mediator: { name: 'CM2C', url: 'https://www.cm2c.net', address: 'Paris' },
  hostingProvider: 'OVH SAS, Roubaix',
  publicationDirector: 'Le gérant',
};
const text = (node: React.ReactElement) => renderToStaticMarkup(node).replace(/<[^>]+>/g, '');

describe('[PUBLIC][PRIVACY] the privacy page names what the settings switch on, and every period of the table', () => {
  it('names the host and the e-mail carrier always; Stripe, its transfer and the relay only when they are used', () => {
    const bare = text(<Processors site={SITE} />) + text(<Transfers site={SITE} />);
    expect(bare).toContain('OVH SAS, Roubaix');
    expect(bare).toContain('notre prestataire d’envoi d’e-mails');
    expect(bare).toContain('clauses contractuelles types');
    for (const absent of ['Stripe', 'relais', 'représentant']) expect(bare).not.toContain(absent);

    const full: SiteInfo = {
      ...SITE,
      smtpProvider: 'Brevo (Sendinblue SAS, Paris)',
      onlinePayment: true,
      screenShareRelay: true,
      euRepresentative: 'EU Rep SARL, 1 rue de Paris, 75001 Paris',
    };
    const all = text(<Processors site={full} />) + text(<Transfers site={full} />);
    for (const shown of [
      'Brevo (Sendinblue SAS, Paris)',
      'Stripe Payments Europe Ltd',
      'nous ne voyons jamais ses numéros',
      'Data Privacy Framework',
      'Relais du partage d’écran',
      'EU Rep SARL, 1 rue de Paris, 75001 Paris',
    ])
      expect(all).toContain(shown);
  });

  it('lists each period of the table the purges read, with its duration and what follows', () => {
    const list = text(<RetentionList />);
    for (const p of Object.values(RETENTION)) expect(list).toContain(`${p.data}${durationLabel(p)} ${p.from}, puis`);
    expect(list).toContain('puis anonymisation');
  });
});
