import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { deviceProofs, devices, staffUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/services/security/passwords.ts';
import { todayIso } from '#shared/format.ts';

const PASSWORD = 'Azur-Passerelle-2026';
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const PDF = Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n');

describe('[ADMIN][DEVICES] staff view a proof in the back-office: inline when asked, for images and PDF only', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let tech: Record<string, string>;
  let client: Record<string, string>;
  let proof: Record<'png' | 'pdf' | 'html', number>;

  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'error' });
    admin = await staffLogin(t);
    await t.db
      .insert(staffUsers)
      .values({ username: 'tech', role: 'technicien', passwordHash: await hashPassword('motdepasse-technicien') });
    tech = await staffLogin(t, { username: 'tech', password: 'motdepasse-technicien' });
    const order = await postOrder(t, admin, {
      clientName: 'Claire Petit',
      clientEmail: 'claire@exemple.fr',
      username: 'claire',
      password: PASSWORD,
      orderDate: todayIso(t.clock.now()),
    });
    client = await clientLogin(t, 'claire', PASSWORD);
    const [device] = await t.db
      .insert(devices)
      .values({ clientId: order.order.clientId!, deviceType: 'macbook', deviceInfo: 'MacBook Air' })
      .returning();
    // A type the upload never lets in (it reads the content): a row such as an old version or a restore could hold.
    const rows = await t.db
      .insert(deviceProofs)
      .values([
        { deviceId: device!.id, name: 'facture.png', mimeType: 'image/png', size: PNG.length, data: PNG },
        { deviceId: device!.id, name: 'facture éè.pdf', mimeType: 'application/pdf', size: PDF.length, data: PDF },
        {
          deviceId: device!.id,
          name: 'page.html',
          mimeType: 'text/html',
          size: 30,
          data: Buffer.from('<script>alert(document.cookie)</script>'),
        },
      ])
      .returning({ id: deviceProofs.id });
    proof = { png: rows[0]!.id, pdf: rows[1]!.id, html: rows[2]!.id };
  });
  afterAll(async () => t.close());

  const get = (url: string, headers?: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const sandboxed = (res: Awaited<ReturnType<typeof get>>) => {
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(res.headers['cache-control']).toBe('private, no-store');
  };

  it('serves an image and a PDF inline with ?inline=1, under nosniff and a sandbox, to any staff member', async () => {
    const image = await get(`/api/admin/device-proofs/${proof.png}?inline=1`, tech);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['content-disposition']).toBe('inline; filename="facture.png"; filename*=UTF-8\'\'facture.png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    sandboxed(image);

    const pdf = await get(`/api/admin/device-proofs/${proof.pdf}?inline=1`, admin);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(
      /^inline; filename="facture __.pdf"; filename\*=UTF-8''facture%20%C3%A9%C3%A8\.pdf$/,
    );
    sandboxed(pdf);
  });

  it('keeps the download as the default, and never shows another type inline', async () => {
    const download = await get(`/api/admin/device-proofs/${proof.png}`, tech);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="facture.png"/);
    sandboxed(download);
    const html = await get(`/api/admin/device-proofs/${proof.html}?inline=1`, tech);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['content-disposition']).toMatch(/^attachment;/);
    sandboxed(html);
    const odd = await get(`/api/admin/device-proofs/${proof.png}?inline=oui`, tech);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toContain('inline');
  });

  it('serves proofs to staff only: 401 without a session, 403 to a client, 404 for an unknown proof', async () => {
    for (const url of [`/api/admin/device-proofs/${proof.png}?inline=1`, `/api/admin/device-proofs/${proof.pdf}`]) {
      const anonymous = await get(url);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-disposition']).toBeUndefined();
      const asClient = await get(url, client);
      expect(asClient.statusCode).toBe(403);
      expect(asClient.headers['content-disposition']).toBeUndefined();
    }
    const unknown = await get('/api/admin/device-proofs/999999?inline=1', tech);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Justificatif introuvable');
  });
});
