import type * as Renderer from './pdf-renderer.ts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The PDF renderer, made to fail on demand: a credit note is committed (and e-mailed) before its PDF is stored.
const renderer = vi.hoisted(() => ({ failing: false }));
vi.mock('./pdf-renderer.ts', async (importOriginal) => {
  const real = await importOriginal<typeof Renderer>();
  return {
    ...real,
    renderPdfOffThread: async (...args: Parameters<typeof real.renderPdfOffThread>) => {
      if (renderer.failing) throw new Error('rendu impossible');
      return real.renderPdfOffThread(...args);
    },
  };
});

const { invoices } = await import('#server/db/schema.ts');
const { createTestApp } = await import('#server/test/harness.ts');
const { postOrder, staffLogin } = await import('#server/test/fixtures.ts');
const { pdfText } = await import('#server/test/pdf-text.ts');

describe('[ADMIN][INVOICES] a credit note whose PDF cannot be rendered at once', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let staff: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    staff = await staffLogin(t);
  });
  afterAll(async () => t.close());

  it('answers 201 for the credit note it committed, and renders its PDF at the first download', async () => {
    const { id } = await postOrder(t, staff, {
      clientName: 'Paul Rendu',
      clientEmail: 'paul.rendu@exemple.fr',
      plan: 'pro',
      username: 'prendu',
      password: 'Soleil-du-Midi-42',
    });
    renderer.failing = true;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/manual-orders/${id}/credit-notes`,
      headers: staff,
      payload: { amount: '10.00', reason: 'Geste commercial' },
    });
    renderer.failing = false;
    expect(res.statusCode, res.body).toBe(201);
    const [note] = await t.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
    expect(note).toMatchObject({ orderId: id, totalTtc: '10.00', pdf: null });

    const pdf = await t.app.inject({ method: 'GET', url: `/api/admin/documents/${note!.id}/pdf`, headers: staff });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain(`N° ${note!.number}`);
  });
});
