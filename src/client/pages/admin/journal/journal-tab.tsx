import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { formatDateTime } from '#shared/format.ts';
import { AUDIT_ENTITY_LABELS, auditActionLabel, auditEntityLabel } from '#shared/security/audit-labels.ts';
import { changeLines } from '#client/pages/admin/common/audit-changes.ts';
import { Button } from '#client/components/ui/button.tsx';
import { journalQueryOptions, staffMembersQueryOptions, type AuditFilters } from '#client/pages/admin/api/queries.ts';
import { Pagination } from '#client/pages/admin/common/pagination.tsx';
import { EmptyState, Loading, plural, QueryError, TabHeading } from '#client/pages/admin/common/query-state.tsx';
import { useDebouncedValue } from '#client/pages/admin/common/use-debounced-value.ts';
import { FilterSelect } from '#client/pages/admin/common/filter-select.tsx';

const PAGE = 50;

/** The families of actions staff look for; `action=order` finds every order.* entry on the server. */
const ACTIONS = [
  { value: 'staff.login', label: 'Connexions réussies' },
  { value: 'staff.login_failed', label: 'Connexions échouées' },
  { value: 'staff.login_code_failed', label: 'Codes de connexion refusés' },
  { value: 'staff.two_factor', label: 'Double authentification' },
  { value: 'order', label: 'Commandes et identifiants' },
  { value: 'inbox', label: 'Messages (inscriptions, contacts, effacements)' },
  { value: 'intervention', label: 'Interventions' },
  { value: 'client', label: 'Clients (effacement…)' },
  { value: 'backup', label: 'Sauvegardes' },
  { value: 'staff', label: 'Équipe (comptes, rôles, horaires, connexions)' },
  { value: 'staff.password', label: 'Mots de passe du personnel' },
  { value: 'settings', label: 'Réglages (double authentification exigée…)' },
];

const ENTITIES = Object.entries(AUDIT_ENTITY_LABELS).map(([value, name]) => ({ value, label: name }));

const raw = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/**
 * Who did what, on which object, from where; then what changed, in words (« Statut : En attente → Payé »), and the
 * entry as stored for whoever must check it to the letter.
 */
function Entry({ entry: e }: { entry: AuditEntryDto }) {
  const before = raw(e.before);
  const after = raw(e.after);
  const lines = changeLines(e);
  return (
    <li className="space-y-1 py-3" data-testid="journal-entry">
      <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <time dateTime={e.createdAt} className="font-medium text-slate-900">
          {formatDateTime(e.createdAt)}
        </time>
        <span className="font-semibold text-brand-700">{e.staffUsername}</span>
        <span className="font-semibold text-slate-900" title={e.action}>
          {auditActionLabel(e.action)}
        </span>
        <span className="text-slate-700">
          {auditEntityLabel(e.entity)} n° {e.entityId}
        </span>
        <span className="text-slate-600">
          depuis <span className="font-mono">{e.address ?? 'le serveur'}</span>
        </span>
      </p>
      {lines.length > 0 && (
        <ul className="space-y-0.5 pl-3 text-sm text-slate-700" aria-label="Changements">
          {lines.map((line) => (
            <li key={line} className="break-words">
              {line}
            </li>
          ))}
        </ul>
      )}
      {(before || after) && (
        <details className="pl-3 text-xs text-slate-600">
          <summary className="cursor-pointer">Données enregistrées ({e.action})</summary>
          <dl className="mt-1 grid gap-x-3 sm:grid-cols-[auto_1fr]">
            {before && (
              <>
                <dt className="font-medium">Avant</dt>
                <dd className="break-all font-mono">{before}</dd>
              </>
            )}
            {after && (
              <>
                <dt className="font-medium">Après</dt>
                <dd className="break-all font-mono">{after}</dd>
              </>
            )}
          </dl>
        </details>
      )}
    </li>
  );
}

type Filters = Omit<AuditFilters, 'limit' | 'offset' | 'entityId'> & { entityId: string };
const select = 'mt-1 h-9 w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm';
const label = 'flex flex-col text-sm font-medium text-slate-800';

function DateFilter({ name, value, onChange }: { name: string; value?: string; onChange(day?: string): void }) {
  return (
    <label className={label}>
      {name}
      <input
        type="date"
        className={select}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      />
    </label>
  );
}

/** Who, what, on which object and when: each change goes back to the first page. */
function JournalFilters({ filters, set }: { filters: Filters; set(patch: Partial<Filters>): void }) {
  const team = useQuery(staffMembersQueryOptions);
  return (
    <form
      className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-6"
      onSubmit={(e) => e.preventDefault()}
      aria-label="Filtres du journal"
    >
      <FilterSelect
        label="Membre"
        value={filters.staffUsername ?? ''}
        onChange={(v) => set({ staffUsername: v || undefined })}
        options={team.data?.map((m) => ({ value: m.username, label: m.username })) ?? []}
        all="Tout le monde"
        className="w-full"
      />
      <FilterSelect
        label="Action"
        value={filters.action ?? ''}
        onChange={(v) => set({ action: v || undefined })}
        options={ACTIONS}
        all="Toutes les actions"
        className="w-full"
      />
      <FilterSelect
        label="Objet"
        value={filters.entity ?? ''}
        onChange={(v) => set({ entity: v || undefined })}
        options={ENTITIES}
        all="Tous"
        className="w-full"
      />
      <label className={label}>
        N° de l’objet
        <input
          className={select}
          inputMode="numeric"
          value={filters.entityId}
          onChange={(e) => set({ entityId: e.target.value })}
        />
      </label>
      <DateFilter name="Du" value={filters.from} onChange={(from) => set({ from })} />
      <DateFilter name="Au" value={filters.to} onChange={(to) => set({ to })} />
    </form>
  );
}

/** « Journal » (admins): every staff action, read only, newest first. */
export function JournalTab() {
  const [filters, setFilters] = useState<Filters>({ entityId: '' });
  const [offset, setOffset] = useState(0);
  const entityId = useDebouncedValue(filters.entityId.trim(), 300);
  const query = useQuery(journalQueryOptions({ ...filters, entityId: entityId || undefined, limit: PAGE, offset }));
  const set = (patch: Partial<typeof filters>) => {
    setFilters((f) => ({ ...f, ...patch }));
    setOffset(0);
  };
  return (
    <section aria-labelledby="journal-title">
      <TabHeading id="journal-title" title="Journal" count={query.data && plural(query.data.total, 'entrée')} />
      <JournalFilters filters={filters} set={set} />
      {Object.values(filters).some(Boolean) && (
        <Button
          size="sm"
          variant="ghost"
          className="mb-2"
          onClick={() => {
            setFilters({ entityId: '' });
            setOffset(0);
          }}
        >
          Effacer les filtres
        </Button>
      )}
      {query.isPending ? (
        <Loading />
      ) : query.isError ? (
        <QueryError error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.items.length === 0 ? (
        <EmptyState>Aucune entrée pour ces filtres.</EmptyState>
      ) : (
        <>
          <ul
            className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white px-4"
            aria-label="Entrées du journal"
          >
            {query.data.items.map((e) => (
              <Entry key={e.id} entry={e} />
            ))}
          </ul>
          <Pagination
            offset={offset}
            limit={PAGE}
            total={query.data.total}
            onChange={setOffset}
            label="Pages du journal"
          />
        </>
      )}
    </section>
  );
}
