import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './fixtures.ts';

/**
 * Scans settled colours: buttons enabled at hydration fade from their disabled shade (150 ms transition), and a scan
 * in the middle of that fade would measure a colour no one reads.
 */
async function scan(page: Page) {
  // A constructed stylesheet: the CSP (no inline <style> without the page's nonce) stays in force during the scan.
  await page.evaluate(() => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync('*, *::before, *::after { transition: none !important; animation: none !important; }');
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
  });
  await expectNoSeriousA11yViolations(page);
}

const PAGES = [
  '/cgv',
  '/privacy-policy',
  '/register',
  '/register?plan=pro',
  '/verify-invoice',
  '/signup',
  '/login',
  '/register-success',
  '/cette-page-n-existe-pas',
];

for (const path of PAGES) {
  test(`[PUBLIC][A11Y] ${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan(page);
  });
}

test('[PUBLIC][A11Y] the register form with its errors shown, and the open dialog, pass too', async ({ page }) => {
  await page.goto('/register');
  await page.getByRole('button', { name: "Finaliser l'inscription" }).click();
  await expect(page.getByText('Adresse email invalide')).toBeVisible();
  await scan(page);

  await page.goto('/signup');
  await page.getByRole('button', { name: "S'inscrire" }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await scan(page);
});

test('[PUBLIC][A11Y] a keyboard user can skip to the content', async ({ page }) => {
  await page.goto('/register');
  // Enabled once hydrated: from then on the link's own handler moves the focus.
  await expect(page.getByRole('button', { name: "Finaliser l'inscription" })).toBeEnabled();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Aller au contenu' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  // The next Tab lands in the content, past the header.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('main').getByRole('link', { name: "Retour à l'accueil" })).toBeFocused();
});

/**
 * React escapes quotes and separates text parts with <!-- -->; compare with the text a reader sees, an amount's
 * no-break spaces (shared/format.ts) read as spaces.
 */
const decode = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/\u00a0/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

const SERVER_RENDERED: Array<{ path: string; title: string; contains: string[] }> = [
  {
    path: '/cgv',
    title: 'Conditions générales de vente | RFS Assistance',
    contains: ['Conditions générales de vente', 'Famille', '110,00 €', 'Wyoming', 'RFS Assistance LLC'],
  },
  {
    path: '/privacy-policy',
    title: 'Politique de confidentialité | RFS Assistance',
    contains: [
      'Politique de confidentialité',
      'Dernière mise à jour',
      '27 novembre 2026',
      'CNIL',
      'Destinataires et sous-traitants',
    ],
  },
  {
    path: '/register',
    title: 'Inscription à RFS Assistance',
    contains: [
      'Inscription à RFS Assistance',
      "Finaliser l'inscription",
      "Type d'appareil",
      'MacBook (Air/Pro)',
      'preuve d’achat',
    ],
  },
  {
    path: '/register?plan=pro',
    title: 'Inscription à RFS Assistance',
    contains: ['Plan sélectionné', '50,00 € / 1 an'],
  },
  {
    path: '/verify-invoice',
    title: 'Vérifier une facture | RFS Assistance',
    contains: ['Vérifier une facture', 'Clé de vérification', 'Où trouver la clé ?'],
  },
];

for (const { path, title, contains } of SERVER_RENDERED) {
  test(`[PUBLIC][SSR] ${path} is readable without JavaScript`, async ({ request }) => {
    const res = await request.get(path);
    expect(res.status()).toBe(200);
    const html = decode(await res.text());
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain(`<title>${title}</title>`);
    for (const text of contains) expect(html, text).toContain(text);
  });
}
