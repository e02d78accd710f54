import { describe, expect, it } from 'vitest';
import { PLANS } from '#shared/plans.ts';
import { FALLBACK, articlesReply, botReply, normalize } from './chat-bot.ts';

describe('chat bot', () => {
  it('reads questions without case, accents or punctuation', () => {
    expect(normalize('Coût ? Sécurité, ŒUVRE!')).toBe('cout securite oeuvre');
  });

  it('answers a Mac question about Mac', () => {
    const reply = botReply('Est-ce que vous dépannez les MacBook ?');
    expect(reply.text).toMatch(/Mac/);
    expect(reply).not.toEqual(FALLBACK);
  });

  it('gives the price range from the catalogue', () => {
    for (const question of ['prix', 'Quel est le TARIF ?', 'Ça coûte combien ?']) {
      const { text } = botReply(question);
      expect(text).toContain('10\u00a0€');
      expect(text).toContain('110\u00a0€');
      for (const plan of PLANS) expect(text).toContain(plan.name);
    }
  });

  it('gives response times and the express option', () => {
    const { text } = botReply('Vous intervenez rapidement en cas d’urgence ?');
    expect(text).toContain('15 min');
    expect(text).toContain('2 à 4 h');
    expect(text).toMatch(/urgence express/);
  });

  it('explains the payment ways the product offers, without VAT', () => {
    const { text } = botReply('Je peux payer par carte bleue ?');
    expect(text).toMatch(/carte bancaire/);
    expect(text).toMatch(/Payer en ligne/);
    expect(text).toMatch(/virement ou chèque/);
    expect(text).toMatch(/TVA/);
  });

  it('says there is no automatic renewal when asked how to cancel', () => {
    expect(botReply('Comment résilier mon abonnement ?').text).toMatch(/sans reconduction automatique/);
    expect(botReply('Y a-t-il un engagement ?').text).toMatch(/sans reconduction automatique/);
  });

  it('reassures about remote access', () => {
    expect(botReply('Est-ce sécurisé ?').text).toMatch(/vous qui installez/);
  });

  it('counts devices per plan from the catalogue', () => {
    const { text } = botReply('Combien d’appareils sont couverts ?');
    expect(text).toContain('3 appareils avec Famille');
    expect(text).toContain('2 appareils avec Duo');
  });

  it('answers about interventions per month', () => {
    const { text } = botReply('Combien d’interventions par mois ?');
    expect(text).toContain('3 par mois avec Basique');
    expect(text).toContain('illimitées');
  });

  it('points invoices to the verification page and registration to the form', () => {
    expect(botReply('Ma facture est-elle authentique ?').links?.[0]?.href).toBe('/verify-invoice');
    expect(botReply('Comment je m’inscris ?').text).toMatch(/identifiants/);
  });

  it('matches whole words, so "machine" is not a Mac question', () => {
    expect(botReply('Ma machine à laver fuit')).toEqual(FALLBACK);
  });

  it('falls back to the contact form for anything else', () => {
    const reply = botReply('Quelle est la couleur du ciel ?');
    expect(reply).toBe(FALLBACK);
    expect(reply.text).toMatch(/formulaire de contact/);
    expect(reply.links?.map((l) => l.href)).toEqual(['#contact']);
  });

  it('answers from the help centre with up to three articles, the contact form still offered', () => {
    const found = ['a', 'b', 'c', 'd'].map((x) => ({ slug: `article-${x}`, title: `Article ${x}` }));
    const reply = articlesReply(found);
    expect(reply.links).toEqual([
      { href: '/aide/article-a', label: 'Article a' },
      { href: '/aide/article-b', label: 'Article b' },
      { href: '/aide/article-c', label: 'Article c' },
      { href: '#contact', label: 'Aller au formulaire de contact' },
    ]);
    expect(articlesReply([])).toBe(FALLBACK);
  });
});
