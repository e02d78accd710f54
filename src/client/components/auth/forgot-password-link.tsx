import { Link } from '#client/lib/router.ts';

/** Under both sign-in forms (/login and /client/login). */
export function ForgotPasswordLink() {
  return (
    <Link to="/forgot-password" className="inline-flex min-h-11 items-center font-medium text-brand-700 underline">
      Mot de passe oublié ?
    </Link>
  );
}
