/** The provider's dashboard page of a session's payment, for staff (a test-mode session opens the test dashboard). */
export function dashboardLink(sessionId: string, paymentIntent: string | null): string {
  const base = sessionId.startsWith('cs_live_') ? 'https://dashboard.stripe.com' : 'https://dashboard.stripe.com/test';
  return paymentIntent ? `${base}/payments/${paymentIntent}` : `${base}/search?query=${encodeURIComponent(sessionId)}`;
}
