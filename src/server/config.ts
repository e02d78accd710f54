import { isIP } from 'node:net';
import type { SiteInfo } from '#shared/site.ts';
import { z } from 'zod';

const optional = z.string().trim().min(1).optional();
/** One entry of the browser's RTCConfiguration.iceServers (ICE_SERVERS). */
const iceServer = z.object({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

// What proxy-addr (Fastify's trustProxy) understands: an address, a CIDR range, or one of its named ranges.
const PROXY_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

// Every setting the server reads, parsed once at start-up; a bad value stops start-up with its name.
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    /** the reverse proxies whose X-Forwarded-For is believed, by address or CIDR (unset: nobody, so no IP can be faked) */
    TRUST_PROXY: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const entries = value
          .split(',')
          .map((e) => e.trim())
          .filter(Boolean);
        const bad = entries.find((e) => !isProxyAddress(e));
        if (bad !== undefined) {
          ctx.addIssue({
            code: 'custom',
            message: `"${bad}" is not an IP address, a CIDR range (10.0.0.0/8) or loopback/linklocal/uniquelocal; list the proxies, not a count`,
          });
          return z.NEVER;
        }
        return entries;
      }),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    PUBLIC_URL: z
      .url({ protocol: /^https?$/ })
      .default('http://localhost:3000')
      .transform((u) => u.replace(/\/+$/, '')),
    SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
    MAIL_FROM: z.string().min(3).default('RFS Assistance <contact@rfs-assistance.example>'),
    STAFF_EMAIL: z.email().optional(),
    ADMIN_USERNAME: optional,
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_SECRET_CODE: z.string().min(4, 'must be at least 4 characters').optional(),
    SESSION_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
    /** AES-256-GCM key of the staff members' TOTP secrets: 64 hex characters (openssl rand -hex 32); see services/staff/two-factor-key.ts */
    TOTP_ENCRYPTION_KEY: z
      .string()
      .regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hexadecimal characters (openssl rand -hex 32)')
      .optional(),
    /** room for the files each client sends in their requests' threads, in MB (services/interventions/attachment-quota.ts) */
    ATTACHMENT_QUOTA_MB: z.coerce
      .number()
      .int('must be a whole number of MB')
      .min(1, 'must be at least 1 (MB)')
      .max(100_000, 'must be at most 100000 (MB)')
      .default(50),
    /** room for the proofs of ownership each client's devices hold, in MB (services/devices/proof-room.ts) */
    PROOF_QUOTA_MB: z.coerce
      .number()
      .int('must be a whole number of MB')
      .min(1, 'must be at least 1 (MB)')
      .max(100_000, 'must be at most 100000 (MB)')
      .default(30),
    /** the open live-event streams (pages) one instance holds at most: each is a socket (services/live/hub.ts) */
    LIVE_STREAMS_MAX: z.coerce
      .number()
      .int('must be a whole number')
      .min(10, 'must be at least 10')
      .max(100_000, 'must be at most 100000')
      .default(2000),
    /** share of a request's time to respond after which staff are warned, and after which admins are told it is late (services/interventions/response-alerts.ts) */
    RESPONSE_WARNING_PERCENT: z.coerce
      .number()
      .int('must be a whole percentage')
      .min(1, 'must be between 1 and 99')
      .max(99, 'must be between 1 and 99')
      .default(75),
    RESPONSE_ESCALATION_PERCENT: z.coerce
      .number()
      .int('must be a whole percentage')
      .min(100, 'must be 100 or more')
      .max(1000, 'must be at most 1000')
      .default(100),
    /** signs backup archives, checked by `npm run restore`; see services/backup/signature.ts */
    BACKUP_KEY: z.string().min(32, 'must be at least 32 characters (openssl rand -hex 32)').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SITE_NAME: z.string().min(1).default('RFS Assistance'),
    COMPANY_LEGAL_NAME: z.string().min(1).default('RFS Assistance LLC'),
    COMPANY_ADDRESS: z.string().min(1).default('30 N Gould St, Sheridan, WY 82801, États-Unis'),
    COMPANY_EMAIL: z.email().default('contact@rfs-assistance.example'),
    COMPANY_PHONE: z.string().min(1).default('+33 1 84 80 00 00'),
    COMPANY_ID: z.string().min(1).default('Wyoming LLC n° 2023-001234567'),
    /** the consumer mediator the company adheres to (L612-1, L616-1), named in the CGV, legal notices and e-mails */
    MEDIATOR_NAME: z
      .string()
      .min(1)
      .default('CM2C – Centre de la médiation de la consommation de conciliateurs de justice'),
    MEDIATOR_URL: z.url({ protocol: /^https?$/ }).default('https://www.cm2c.net'),
    MEDIATOR_ADDRESS: z.string().min(1).default('49 rue de Ponthieu, 75008 Paris, France'),
    /** the legal notices' host (LCEN art. 6): name, address and phone of who stores the site */
    HOSTING_PROVIDER: z.string().min(1).default('OVH SAS, 2 rue Kellermann, 59100 Roubaix, France, +33 9 72 10 10 07'),
    /** the legal notices' director of publication (LCEN art. 6): a person's name and role */
    PUBLICATION_DIRECTOR: z.string().min(1).default('Le gérant de RFS Assistance LLC'),
    /** the representative in the EU of a company established outside it (RGPD art. 27): name and address */
    EU_REPRESENTATIVE: optional,
    /** who carries the e-mails (the SMTP provider), named as a processor on the privacy page */
    SMTP_PROVIDER: optional,
    /** VAT rate in percent printed on invoices issued from now on (0: no VAT, the mention below says why); docs/invoices.md */
    INVOICE_TAX_RATE: z.coerce
      .number()
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .default(0),
    INVOICE_TAX_MENTION: z
      .string()
      .min(1)
      .default('TVA non applicable : prestation fournie par une société établie aux États-Unis.'),
    /**
     * Screen sharing's relay (services/remote/ice-servers.ts): coturn's addresses, comma-separated, and its
     * `static-auth-secret`; each page gets credentials valid a few hours. Or ICE_SERVERS, the browser's own list in
     * JSON. Neither: the two pages connect directly (on one network, or where their routers allow it).
     */
    TURN_URL: z
      .string()
      .trim()
      .transform((s) =>
        s
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length > 0 && list.every((u) => /^(turns?|stuns?):\S+$/.test(u)), {
        message: 'must list turn:, turns: or stun: addresses, comma-separated',
      })
      .optional(),
    /** `relay`: pages connect only through the relay, so neither side learns the other's network address */
    ICE_TRANSPORT_POLICY: z.enum(['all', 'relay']).default('all'),
    TURN_SECRET: z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
    ICE_SERVERS: z
      .string()
      .transform((s, ctx) => {
        try {
          return JSON.parse(s) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be a JSON list of ICE servers' });
          return z.NEVER;
        }
      })
      .refine((list) => Array.isArray(list) && list.length > 0 && list.every((e) => iceServer.safeParse(e).success), {
        message: 'must be a JSON list of ICE servers ([{"urls":"stun:…"}])',
      })
      .transform((list) => list as z.output<typeof iceServer>[])
      .optional(),
    /** Stripe Checkout (services/payments/): both or neither; unset, orders are paid by hand as before */
    STRIPE_SECRET_KEY: z
      .string()
      .regex(
        /^(sk|rk)_(test|live)_[0-9A-Za-z]{8,}$/,
        'must be a Stripe secret key (sk_test_…, sk_live_… or a restricted rk_… key)',
      )
      .optional(),
    /** the provider's API address: Stripe's own unless a stand-in is given (tests, stripe-mock) */
    STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[0-9A-Za-z+/=]{8,}$/, 'must be the signing secret of the webhook endpoint (whsec_…)')
      .optional(),
  })
  .refine((e) => !e.ADMIN_PASSWORD || e.ADMIN_USERNAME, {
    message: 'is set without ADMIN_USERNAME',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => !e.ADMIN_USERNAME || e.ADMIN_PASSWORD, {
    message: 'is set without ADMIN_PASSWORD',
    path: ['ADMIN_USERNAME'],
  })
  .refine((e) => !e.TURN_URL || e.TURN_SECRET, {
    message: 'is set without TURN_SECRET (coturn needs its shared secret)',
    path: ['TURN_URL'],
  })
  .refine((e) => !e.TURN_SECRET || e.TURN_URL, { message: 'is set without TURN_URL', path: ['TURN_SECRET'] })
  .refine((e) => e.ICE_TRANSPORT_POLICY !== 'relay' || e.TURN_URL || e.ICE_SERVERS, {
    message: 'is relay without a relay (set TURN_URL and TURN_SECRET, or ICE_SERVERS)',
    path: ['ICE_TRANSPORT_POLICY'],
  })
  .refine((e) => !(e.TURN_URL && e.ICE_SERVERS), {
    message: 'is set with TURN_URL: give one or the other',
    path: ['ICE_SERVERS'],
  })
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, {
    message: 'is set without STRIPE_WEBHOOK_SECRET (online payment needs both)',
    path: ['STRIPE_SECRET_KEY'],
  })
  .refine((e) => !e.STRIPE_WEBHOOK_SECRET || e.STRIPE_SECRET_KEY, {
    message: 'is set without STRIPE_SECRET_KEY (online payment needs both)',
    path: ['STRIPE_WEBHOOK_SECRET'],
  });

export type Config = z.output<typeof envSchema>;

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings count as unset, so `FOO= npm start` behaves like leaving FOO out.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid environment variable ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export function siteInfo(config: Config): SiteInfo {
  return {
    siteName: config.SITE_NAME,
    legalName: config.COMPANY_LEGAL_NAME,
    address: config.COMPANY_ADDRESS,
    email: config.COMPANY_EMAIL,
    phone: config.COMPANY_PHONE,
    companyId: config.COMPANY_ID,
    publicUrl: config.PUBLIC_URL,
    mediator: { name: config.MEDIATOR_NAME, url: config.MEDIATOR_URL, address: config.MEDIATOR_ADDRESS },
    hostingProvider: config.HOSTING_PROVIDER,
    publicationDirector: config.PUBLICATION_DIRECTOR,
    ...(config.EU_REPRESENTATIVE ? { euRepresentative: config.EU_REPRESENTATIVE } : {}),
    ...(config.SMTP_PROVIDER ? { smtpProvider: config.SMTP_PROVIDER } : {}),
    ...(config.STRIPE_SECRET_KEY ? { onlinePayment: true as const } : {}),
    ...(config.TURN_URL || config.ICE_SERVERS ? { screenShareRelay: true as const } : {}),
  };
}
