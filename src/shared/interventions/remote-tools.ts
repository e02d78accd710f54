// The remote-control tools a client may install for « Session à distance »: one table read by the client's form (its
// schema and instructions), the server (same schema) and the staff's links.
import { z } from '#shared/common/zod.ts';
import { REMOTE_TOOLS, type RemoteTool } from './intervention-labels.ts';

export const CLIENT_SYSTEMS = ['windows', 'mac'] as const;
export type ClientSystem = (typeof CLIENT_SYSTEMS)[number];
export const CLIENT_SYSTEM_LABELS: Record<ClientSystem, string> = { windows: 'Windows', mac: 'Mac' };

type ToolSpec = {
  /** the official program to download, per system it runs on (absent: not offered on that system) */
  download: Partial<Record<ClientSystem, string>>;
  /** the ID the tool shows its user, spaces removed; null when the client has none to give (Quick Assist) */
  id: { pattern: RegExp; example: string; where: string } | null;
  /** the tool's documented link that opens a connection to that ID on the technician's computer, if it has one */
  link: ((id: string) => string) | null;
};

/**
 * Sources (November 2026): RustDesk IDs are 9 digits, 10 on newer installs, and a self-hosted server may hand out a
 * custom ID (letters first); its `rustdesk://connection/new/<id>` link is the one its client registers. AnyDesk shows 9
 * or 10 digits or an alias `name@ad`, and documents `anydesk:<id-or-alias>`. TeamViewer (QuickSupport too) shows 9 or 10
 * digits and documents no link for a plain ID: staff copy it. Quick Assist (Windows only) gives the code the other
 * way: the technician reads it to the client, so the client types no ID here.
 */
export const REMOTE_TOOL_SPECS: Record<RemoteTool, ToolSpec> = {
  rustdesk: {
    // The project's official releases: one page with the Windows installer and the macOS image.
    download: {
      windows: 'https://github.com/rustdesk/rustdesk/releases/latest',
      mac: 'https://github.com/rustdesk/rustdesk/releases/latest',
    },
    id: {
      pattern: /^(\d{9,10}|[A-Za-z][A-Za-z0-9_-]{5,15})$/,
      example: '9 chiffres, par exemple 123 456 789',
      where: 'Affiché sous « Votre bureau » dans RustDesk, par exemple 123 456 789.',
    },
    link: (id) => `rustdesk://connection/new/${encodeURIComponent(id)}`,
  },
  anydesk: {
    download: {
      windows: 'https://anydesk.com/fr/downloads/windows',
      mac: 'https://anydesk.com/fr/downloads/mac-os',
    },
    id: {
      pattern: /^(\d{9,10}|[a-z0-9][a-z0-9._-]{0,40}@ad)$/i,
      example: '9 ou 10 chiffres, par exemple 123 456 789, ou un alias en @ad',
      where: 'Affiché sous « Votre adresse » dans AnyDesk, par exemple 123 456 789.',
    },
    link: (id) => `anydesk:${encodeURIComponent(id)}`,
  },
  teamviewer: {
    // QuickSupport: the module that runs without installing, made for being helped.
    download: {
      windows: 'https://download.teamviewer.com/download/TeamViewerQS.exe',
      mac: 'https://download.teamviewer.com/download/TeamViewerQS.dmg',
    },
    id: {
      pattern: /^\d{9,10}$/,
      example: '9 ou 10 chiffres, par exemple 1 234 567 890',
      where: 'Affiché sous « Votre ID » dans TeamViewer QuickSupport, par exemple 1 234 567 890.',
    },
    link: null,
  },
  quick_assist: {
    // Built into Windows 10 and 11; the Microsoft Store page reinstalls it where it was removed.
    download: { windows: 'https://apps.microsoft.com/detail/9P7BP5VNWKX5' },
    id: null,
    link: null,
  },
};

const RUSTDESK_HOST = /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?(:\d{1,5})?$/i;
// An Ed25519 public key in base64, as hbbs writes it in id_ed25519.pub.
const RUSTDESK_KEY = /^[A-Za-z0-9+/]{43}=$/;

/** What the company offers its clients: the tools, and its own RustDesk server (empty: RustDesk's public servers). */
export const remoteToolSettingsSchema = z
  .object({
    offered: z
      .array(z.enum(REMOTE_TOOLS, { error: 'Outil inconnu' }), { error: 'Choisissez les outils proposés' })
      .min(1, 'Proposez au moins un outil à vos clients')
      .transform((tools) => REMOTE_TOOLS.filter((t) => tools.includes(t))),
    rustdeskIdServer: z
      .string({ error: 'Serveur ID invalide' })
      .trim()
      .refine(
        (v) => v === '' || RUSTDESK_HOST.test(v),
        'Serveur ID invalide : un nom ou une adresse, par exemple rd.exemple.fr',
      ),
    rustdeskKey: z
      .string({ error: 'Clé invalide' })
      .trim()
      .refine((v) => v === '' || RUSTDESK_KEY.test(v), 'Clé invalide : les 44 caractères du fichier id_ed25519.pub'),
  })
  .superRefine((v, ctx) => {
    // RustDesk refuses a server without its key (and a key alone means nothing): both, or neither.
    if (v.rustdeskIdServer && !v.rustdeskKey)
      ctx.addIssue({ code: 'custom', path: ['rustdeskKey'], message: 'Indiquez la clé publique de votre serveur' });
    if (v.rustdeskKey && !v.rustdeskIdServer)
      ctx.addIssue({ code: 'custom', path: ['rustdeskIdServer'], message: 'Indiquez l’adresse de votre serveur ID' });
  });
export type RemoteToolSettings = z.output<typeof remoteToolSettingsSchema>;
/** GET /api/admin/remote-tools (staff; PUT: admins) and GET /api/client/remote-tools: the settings as they stand. */
export const remoteToolSettingsReply = z.object({
  offered: z.array(z.enum(REMOTE_TOOLS)),
  rustdeskIdServer: z.string(),
  rustdeskKey: z.string(),
});
export type RemoteToolSettingsInput = z.input<typeof remoteToolSettingsSchema>;

/** Until an admin chooses: every tool, RustDesk on its public servers. */
export const DEFAULT_REMOTE_TOOL_SETTINGS: RemoteToolSettings = {
  offered: [...REMOTE_TOOLS],
  rustdeskIdServer: '',
  rustdeskKey: '',
};

export const TOOL_NOT_OFFERED = 'Cet outil n’est pas proposé par notre équipe : choisissez-en un dans la liste.';

/** The client's system as the browser tells it: a Mac says « Macintosh »; anything else gets Windows first. */
export function systemFromUserAgent(userAgent: string): ClientSystem {
  return /Macintosh|Mac OS X/i.test(userAgent) ? 'mac' : 'windows';
}
