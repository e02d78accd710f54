import { zodResolver } from '@hookform/resolvers/zod';
import { contactInputSchema } from '#shared/inbox/contact.ts';

/**
 * The contact form's checks: the very schema the server applies. A chunk of its own (zod is the heaviest library of
 * the landing page): fetched when the visitor first enters the form, not with the page.
 */
export const contactResolver = zodResolver(contactInputSchema);
