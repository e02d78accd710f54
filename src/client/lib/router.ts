// The app's router: wouter rather than React Router (six times its size, an eighth of what the landing page loads;
// docs/decisions/013): the app needs paths, links, search parameters and navigation, nothing of a data router. Every page imports
// these names from here, so the choice is made in one place.
import { useLocation } from 'wouter';

export { Link, Route, Router, Switch, useSearchParams } from 'wouter';

/** navigate('/path') as React Router's useNavigate gave it; { replace: true } replaces the history entry. */
export function useNavigate() {
  return useLocation()[1];
}

/** The current path, without search or hash. */
export function usePathname(): string {
  return useLocation()[0];
}
