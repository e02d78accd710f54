import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LogOut, Plus } from 'lucide-react';
import { PublicLayout } from '../../components/layout/public-layout';
import { Badge, type BadgeTone } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Dialog } from '../../components/ui/dialog';
import { PageSpinner } from '../../components/ui/spinner';
import { ApiRequestError, api } from '../../lib/api';
import { notify } from '../../lib/notify';
import { formatDate } from '../../../shared/format';
import {
  CLIENT_DEVICE_LABELS, INTERVENTION_STATUS_LABELS, URGENCY_LABELS,
  type ClientDeviceType, type InterventionStatus, type Urgency,
} from '../../../shared/labels';
import { InterventionForm } from './intervention-form';

type ClientSession = { name: string; email: string; plan: string | null };
type Intervention = {
  id: number; description: string; urgency: Urgency; deviceType: ClientDeviceType;
  deviceInfo: string | null; status: InterventionStatus; createdAt: string;
};

const STATUS_TONES: Record<InterventionStatus, BadgeTone> = { pending: 'amber', in_progress: 'blue', completed: 'green', cancelled: 'slate' };
const URGENCY_TONES: Record<Urgency, BadgeTone> = { low: 'slate', medium: 'purple', high: 'red' };

const isUnauthorized = (error: unknown) => error instanceof ApiRequestError && error.status === 401;

/** /client/dashboard: the client's own space (session, requests, new request). No session → /client/login. */
export function ClientDashboardPage() {
  const navigate = useNavigate();
  const [session, setSession] = useState<ClientSession | null>(null);
  const [interventions, setInterventions] = useState<Intervention[]>([]);
  const [listError, setListError] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);

  const loadInterventions = useCallback(async () => {
    try {
      const list = await api<Intervention[]>('/api/client/interventions');
      setInterventions(Array.isArray(list) ? list : []);
      setListError(false);
    } catch (error) {
      if (isUnauthorized(error)) void navigate('/client/login', { replace: true });
      else setListError(true);
    }
  }, [navigate]);

  useEffect(() => {
    let cancelled = false;
    api<ClientSession>('/api/client/session')
      .then((s) => {
        if (cancelled) return;
        setSession(s);
        void loadInterventions();
      })
      .catch(() => {
        // 401 (or the server out of reach): the login page is the way back in.
        if (!cancelled) void navigate('/client/login', { replace: true });
      });
    return () => { cancelled = true; };
  }, [navigate, loadInterventions]);

  const logout = async () => {
    setLoggingOut(true);
    try {
      await api('/api/client/logout', { method: 'POST' });
      notify('success', 'Déconnexion réussie', 'À bientôt !');
      void navigate('/');
    } catch {
      notify('error', 'Erreur de déconnexion', 'Veuillez réessayer dans un instant.');
      setLoggingOut(false);
    }
  };

  if (!session) return <PublicLayout><PageSpinner /></PublicLayout>;

  return (
    <PublicLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:py-12">
        <Card className="p-5 sm:p-6">
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0">
              <h1 className="text-2xl font-bold text-slate-900">Bonjour {session.name}</h1>
              <p className="mt-1 break-words text-slate-700">{session.email}</p>
            </div>
            <Button variant="secondary" onClick={() => void logout()} disabled={loggingOut}>
              <LogOut aria-hidden="true" className="h-4 w-4" /> Déconnexion
            </Button>
          </div>
          <dl className="mt-5 grid gap-3 sm:grid-cols-2">
            <div className="rounded-lg bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Votre abonnement</dt>
              <dd className="mt-1 font-semibold text-slate-900">
                {session.plan ?? (
                  <>Aucun abonnement actif <Link to="/#tarifs" className="ml-1 font-medium text-brand-700 underline">Voir les offres</Link></>
                )}
              </dd>
            </div>
            <div className="rounded-lg bg-slate-50 p-4">
              <dt className="text-sm text-slate-600">Vos demandes</dt>
              <dd className="mt-1 font-semibold text-slate-900" data-testid="intervention-count">{interventions.length}</dd>
            </div>
          </dl>
        </Card>

        <section aria-labelledby="demandes-titre" className="space-y-4">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <h2 id="demandes-titre" className="text-xl font-semibold text-slate-900">Mes demandes d’assistance</h2>
            <Button size="lg" onClick={() => setFormOpen(true)}>
              <Plus aria-hidden="true" className="h-5 w-5" /> Créer une demande
            </Button>
          </div>

          {listError && (
            <p role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
              Impossible d’afficher vos demandes pour le moment.{' '}
              <button type="button" className="font-medium underline" onClick={() => void loadInterventions()}>Réessayer</button>
            </p>
          )}

          {!listError && interventions.length === 0 && (
            <Card className="text-center text-slate-700">Aucune demande pour le moment</Card>
          )}

          <ul className="space-y-3">
            {interventions.map((item) => (
              <li key={item.id}>
                <Card>
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="mr-auto font-semibold text-slate-900">Intervention #{item.id}</h3>
                    <Badge tone={STATUS_TONES[item.status] ?? 'slate'}>{INTERVENTION_STATUS_LABELS[item.status] ?? item.status}</Badge>
                    <Badge tone={URGENCY_TONES[item.urgency] ?? 'slate'}>Urgence : {URGENCY_LABELS[item.urgency] ?? item.urgency}</Badge>
                  </div>
                  <p className="mt-3 whitespace-pre-line break-words text-slate-800">{item.description}</p>
                  <dl className="mt-3 grid gap-1 text-sm text-slate-600 sm:grid-cols-2">
                    <div><dt className="inline">Appareil : </dt><dd className="inline">{CLIENT_DEVICE_LABELS[item.deviceType] ?? item.deviceType}</dd></div>
                    <div><dt className="inline">Créée le : </dt><dd className="inline">{formatDate(item.createdAt)}</dd></div>
                    {item.deviceInfo && (
                      <div className="sm:col-span-2"><dt className="inline">Détails : </dt><dd className="inline break-words">{item.deviceInfo}</dd></div>
                    )}
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <Dialog open={formOpen} onOpenChange={setFormOpen} title="Créer une demande"
        description="Expliquez-nous simplement ce qui ne va pas : un technicien vous recontacte.">
        <InterventionForm
          onCancel={() => setFormOpen(false)}
          onCreated={() => { setFormOpen(false); void loadInterventions(); }}
        />
      </Dialog>
    </PublicLayout>
  );
}
