import { Link } from '#client/lib/router.ts';
import { PricingCarousel } from './pricing-carousel.tsx';
import { LandingSection } from './landing-section.tsx';
import { nbsp } from './typography.ts';

export function PricingSection() {
  // Other pages link to /#pricing (docs/specification.md §2) and /#tarifs: both land here.
  return (
    <LandingSection
      id="tarifs"
      titleId="tarifs-titre"
      alias="pricing"
      white
      eyebrow="Tarifs"
      title="Des formules claires, payées une seule fois"
      intro="Choisissez la durée et le nombre d’appareils qui vous conviennent. À la fin de la période, rien ne se renouvelle tout seul."
    >
      <div className="mt-8">
        <PricingCarousel />
      </div>
      <p className="mx-auto mt-8 max-w-2xl text-center text-slate-700">
        {nbsp(
          'Paiement d’avance, en euros, par carte bancaire ou en cryptomonnaie. Prix sans TVA : notre société est établie aux États-Unis.',
        )}{' '}
        <Link to="/cgv" className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800">
          Conditions générales de vente
        </Link>
      </p>
    </LandingSection>
  );
}
