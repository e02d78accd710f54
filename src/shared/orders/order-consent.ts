// The two boxes of every order a client makes on the site (registration with a plan, renewal, change of plan):
// docs/decisions/041. Both start unticked; the server reads them with this same schema.
import { z } from '#shared/common/zod.ts';

export const CGV_REQUIRED =
  'Cochez la case pour accepter les conditions générales de vente : elles s’appliquent à votre commande.';

export const orderConsentFields = {
  /** the CGV in force, accepted: required (a box, not a pre-ticked default) */
  acceptCgv: z.boolean({ error: CGV_REQUIRED }).refine((v) => v, CGV_REQUIRED),
  /** L221-25: the client asks expressly for the service to start within the withdrawal period; optional */
  expressStart: z.boolean({ error: 'Réponse invalide' }).default(false),
};
export const orderConsentSchema = z.object(orderConsentFields);
export type OrderConsentInput = z.input<typeof orderConsentSchema>;
