import { describe, expect, it } from 'vitest';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import { changeLines, ORDER_FIELD_LABELS } from './audit-changes.ts';

const entry = (patch: Partial<AuditEntryDto>): AuditEntryDto => ({
  id: 1,
  staffUsername: 'julie',
  action: 'order.update',
  entity: 'order',
  entityId: '5',
  address: null,
  before: null,
  after: null,
  createdAt: '2026-11-29T08:00:00.000Z',
  ...patch,
});

describe('[ADMIN][JOURNAL] what an audit entry changed, in words', () => {
  it('says each changed field with both sides, each status in the words of its object, and skips the rest', () => {
    expect(
      changeLines(
        entry({
          before: { paymentStatus: 'pending', plan: 'basique', notes: 'x' },
          after: { paymentStatus: 'paid', plan: 'duo', notes: 'x' },
        }),
      ),
    ).toEqual(['Statut : En attente → Payé', 'Plan : Basique → Duo']);
    expect(
      changeLines(entry({ entity: 'intervention', before: { status: 'pending' }, after: { status: 'in_progress' } })),
    ).toEqual(['Statut : En attente → En cours']);
  });

  it('says what was written when the entry holds no « before », and a field it has no words for by its name', () => {
    expect(
      changeLines(entry({ entity: 'staff', after: { role: 'admin', disabled: false, nouveauChamp: { a: 1 } } })),
    ).toEqual(['Rôle : Administrateur', 'Désactivé : non', 'nouveauChamp : {"a":1}']);
  });

  it('keeps only the order form’s fields for an order’s history', () => {
    expect(
      changeLines(
        entry({ before: { paymentStatus: 'pending', secret: 'a' }, after: { paymentStatus: 'paid', secret: 'b' } }),
        ORDER_FIELD_LABELS,
      ),
    ).toEqual(['Statut : En attente → Payé']);
  });
});
