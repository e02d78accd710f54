import { Link } from '../../lib/router';
import { useHydrated } from '../../lib/use-hydrated';
import { Button } from '../ui/button';

/** The full-width button of an AuthCard form: off until the page can run the form, then while it is sent. */
export function AuthSubmit({ pending, pendingLabel, children }: { pending: boolean; pendingLabel: string; children: string }) {
  const hydrated = useHydrated();
  return (
    <Button type="submit" size="lg" className="w-full" disabled={!hydrated || pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** Under the password pages: back to the client sign-in. */
export function BackToSignIn() {
  return <p className="mt-4 text-center text-sm"><Link to="/client/login" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">Retour à la connexion</Link></p>;
}
