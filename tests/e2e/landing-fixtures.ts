import { expect, type Page } from '@playwright/test';
import { PLANS } from '#shared/plans.ts';
import { FAQ_ITEMS } from '#client/pages/public/landing/faq-data.ts';

export const planSlides = (page: Page) => page.locator('[aria-roledescription="formule"]');
const shownPlan = (page: Page) => page.getByText(/^Formule affichée/);
export const carousel = (page: Page) => page.getByRole('region', { name: 'Nos formules d’abonnement' });
export const planCard = (page: Page, name: string) => {
  const index = PLANS.findIndex((p) => p.name === name);
  return page.getByRole('group', { name: `${index + 1} sur ${PLANS.length} : ${name}` });
};
/** A question of the FAQ: the summary of its <details>, which the visitor taps. */
export const faqQuestion = (page: Page, question: string) => page.locator('#faq summary').filter({ hasText: question });
const faqItem = (page: Page, question: string) =>
  page.locator('#faq details').filter({ has: page.locator('summary', { hasText: question }) });

/** Opens the landing page and waits until its parts respond: the header first, then the sections' chunk. */
export async function openLanding(page: Page, path = '/') {
  await page.goto(path);
  await expect(page.locator('[data-hydrated]')).toHaveCount(1);
  await expect(carousel(page)).toHaveAttribute('data-enhanced', 'true');
}

/** How far (px) the card's centre is from the middle of the plan track: 0 when the card is the one in view. */
async function offCentre(page: Page, name: string) {
  const track = (await page.locator('#formules-piste').boundingBox())!;
  const card = (await planCard(page, name).boundingBox())!;
  return Math.abs(card.x + card.width / 2 - (track.x + track.width / 2));
}

export async function expectCentred(page: Page, name: string) {
  await expect.poll(() => offCentre(page, name)).toBeLessThan(2);
}

export async function expectShown(page: Page, name: string) {
  const index = PLANS.findIndex((p) => p.name === name);
  await expectCentred(page, name);
  await expect(shownPlan(page)).toHaveText(`Formule affichée : ${name}, ${index + 1} sur ${PLANS.length}`);
  await expect(page.getByRole('link', { name: `Voir le plan ${name}` })).toHaveAttribute('aria-current', 'true');
  await expect(carousel(page).locator('[aria-current]')).toHaveCount(1);
}

/** The FAQ's exclusive accordion, as a visitor uses it: one answer open at a time, a second tap closes it. */
export async function expectFaqOpensOneAnswerAtATime(page: Page) {
  const [first, second] = [FAQ_ITEMS[0]!, FAQ_ITEMS[3]!];
  const q1 = faqQuestion(page, first.question);
  const q2 = faqQuestion(page, second.question);
  const a1 = page.getByText(first.answer);
  const a2 = page.getByText(second.answer);
  // Each question stays a heading of the page.
  await expect(q1.getByRole('heading', { level: 3, name: first.question })).toHaveCount(1);
  await expect(a1).toBeHidden();
  await q1.click();
  await expect(a1).toBeVisible();
  await expect(faqItem(page, first.question)).toHaveAttribute('open', '');
  await q2.click();
  await expect(a2).toBeVisible();
  await expect(a1).toBeHidden();
  await expect(page.locator('#faq details[open]')).toHaveCount(1);
  await q2.click();
  await expect(a2).toBeHidden();
  await expect(page.locator('#faq details[open]')).toHaveCount(0);
}
