import { LogOut } from 'lucide-react';
import { notify } from '#client/lib/notify.tsx';
import { useNavigate, usePathname } from '#client/lib/router.ts';
import { beginSignOut, endSignOut } from '#client/lib/sign-out.ts';
import { useViewer } from '#client/lib/viewer.tsx';
import { buttonClass } from '#client/components/ui/button.tsx';
import { useClientLogout } from '#client/pages/client/api/session.ts';

const look = buttonClass('ghost', 'sm', 'min-h-11 shrink-0');

/**
 * The client area's one « Déconnexion », in its header on every page. The specification gives its two dashboards two
 * ways out, kept as they were: /dashboard (and /) navigates to /api/logout (§2); the client's own space under /client/
 * posts to /api/client/logout and says « Déconnexion réussie » (§7, §8). Either ends the one session and leads to /.
 */
export function SignOutControl() {
  const pathname = usePathname();
  const navigate = useNavigate();
  const { setSignedIn } = useViewer();
  const logout = useClientLogout();
  if (!pathname.startsWith('/client/')) {
    return (
      <a href="/api/logout" onClick={beginSignOut} className={look}>
        <LogOut aria-hidden="true" className="h-4 w-4" /> Déconnexion
      </a>
    );
  }
  const signOut = () => {
    beginSignOut();
    logout.mutate(undefined, {
      onSuccess: () => {
        notify('success', 'Déconnexion réussie', 'À bientôt !');
        // Leaving first, then a new epoch: the client area's cache goes with the session, and / is the landing page.
        void navigate('/');
        setSignedIn(false);
      },
      onError: () => {
        endSignOut();
        notify('error', 'Erreur de déconnexion', 'Veuillez réessayer dans un instant.');
      },
    });
  };
  return (
    <button type="button" onClick={signOut} disabled={logout.isPending} className={look}>
      <LogOut aria-hidden="true" className="h-4 w-4" /> Déconnexion
    </button>
  );
}
