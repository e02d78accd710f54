import { describe, expect, it } from 'vitest';
import { REMOTE_TOOLS } from './intervention-labels.ts';
import { remoteLink, remoteSessionInputSchema, storedRemoteSession } from './remote-session.ts';
import { REMOTE_TOOL_SPECS, remoteToolSettingsSchema, systemFromUserAgent } from './remote-tools.ts';

const idError = (remoteTool: string, remoteId: string) => {
  const result = remoteSessionInputSchema.safeParse({ remoteTool, remoteId });
  return result.success ? null : result.error.issues[0]!.message;
};

describe('the remote tools table', () => {
  it('takes each tool’s own ID format, spaces as the tools print them, and refuses the others', () => {
    const accepted: [string, string][] = [
      ['rustdesk', '123 456 789'],
      ['rustdesk', '1234567890'],
      ['rustdesk', 'atelier-martin'],
      ['anydesk', '123 456 789'],
      ['anydesk', 'martin-pc@ad'],
      ['teamviewer', '1 234 567 890'],
      ['quick_assist', ''],
    ];
    for (const [tool, id] of accepted) expect(idError(tool, id), `${tool} ${id}`).toBeNull();
    const refused: [string, string, string][] = [
      ['rustdesk', '12 34', 'Identifiant RustDesk invalide : 9 chiffres, par exemple 123 456 789'],
      ['rustdesk', '', 'Indiquez l’identifiant RustDesk affiché sur votre écran'],
      [
        'anydesk',
        'martin@gmail.com',
        'Identifiant AnyDesk invalide : 9 ou 10 chiffres, par exemple 123 456 789, ou un alias en @ad',
      ],
      ['teamviewer', '12345678901', 'Identifiant TeamViewer invalide : 9 ou 10 chiffres, par exemple 1 234 567 890'],
      ['teamviewer', 'martin-pc@ad', 'Identifiant TeamViewer invalide : 9 ou 10 chiffres, par exemple 1 234 567 890'],
    ];
    for (const [tool, id, message] of refused) expect(idError(tool, id), `${tool} ${id}`).toBe(message);
  });

  it('builds the documented links from the stored ID, and none for the tools without one', () => {
    const stored = storedRemoteSession('rustdesk', '123 456 789');
    expect(remoteLink('rustdesk', stored.remoteId)).toBe('rustdesk://connection/new/123456789');
    expect(remoteLink('anydesk', 'martin-pc@ad')).toBe('anydesk:martin-pc%40ad');
    expect(remoteLink('teamviewer', '1234567890')).toBeNull();
    expect(remoteLink('quick_assist', null)).toBeNull();
    expect(storedRemoteSession('quick_assist', 'peu importe').remoteId).toBeNull();
  });

  it('gives every tool an official https download for Windows, and a Mac one except Quick Assist', () => {
    for (const tool of REMOTE_TOOLS) {
      const { download } = REMOTE_TOOL_SPECS[tool];
      expect(download.windows, tool).toMatch(/^https:\/\//);
      if (tool === 'quick_assist') expect(download.mac).toBeUndefined();
      else expect(download.mac, tool).toMatch(/^https:\/\//);
    }
  });

  it('reads the system from the browser', () => {
    expect(systemFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15')).toBe('mac');
    expect(systemFromUserAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/131.0')).toBe('windows');
  });

  it('takes the company’s RustDesk server and key together, and at least one tool', () => {
    const key = 'sfYuCTMHxrA22kukomb/RAKYyUgr8iaMfm/U4CFLfL0=';
    expect(
      remoteToolSettingsSchema.parse({
        offered: ['anydesk', 'rustdesk'],
        rustdeskIdServer: ' rd.exemple.fr ',
        rustdeskKey: key,
      }),
    ).toEqual({ offered: ['rustdesk', 'anydesk'], rustdeskIdServer: 'rd.exemple.fr', rustdeskKey: key });
    const errors = (input: object) =>
      remoteToolSettingsSchema
        .safeParse({ offered: ['rustdesk'], rustdeskIdServer: '', rustdeskKey: '', ...input })
        .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    expect(errors({ offered: [] })).toEqual(['offered: Proposez au moins un outil à vos clients']);
    expect(errors({ rustdeskIdServer: 'rd.exemple.fr' })).toEqual([
      'rustdeskKey: Indiquez la clé publique de votre serveur',
    ]);
    expect(errors({ rustdeskIdServer: 'rd exemple', rustdeskKey: 'abc' })).toHaveLength(2);
  });
});
