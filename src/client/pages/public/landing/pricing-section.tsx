import { Link } from '../../../lib/router';
import { PricingCarousel } from './pricing-carousel';
import { SectionHeading } from './section-heading';
import { nbsp } from './typography';

export function PricingSection() {
  return (
    <section id="tarifs" aria-labelledby="tarifs-titre" className="bg-white py-16 sm:py-20">
      {/* Other pages link to /#pricing (spec) and /#tarifs: both land here. */}
      <span id="pricing" aria-hidden="true" />
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="tarifs-titre" eyebrow="Tarifs" title="Des formules claires, payées une seule fois"
          intro="Choisissez la durée et le nombre d’appareils qui vous conviennent. À la fin de la période, rien ne se renouvelle tout seul."
        />
        <div className="mt-8">
          <PricingCarousel />
        </div>
        <p className="mx-auto mt-8 max-w-2xl text-center text-slate-700">
          {nbsp('Paiement d’avance, en euros, par carte bancaire ou en cryptomonnaie. Prix sans TVA : notre société est établie aux États-Unis.')}{' '}
          <Link to="/cgv" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">Conditions générales de vente</Link>
        </p>
      </div>
    </section>
  );
}
