import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Mail, Mailer } from './mailer';

export function credentialsMail(config: Config, to: { email: string; name: string }, username: string, password: string): Mail {
  return {
    to: to.email,
    subject: `Vos identifiants ${config.SITE_NAME}`,
    text: [
      `Bonjour ${to.name},`,
      '',
      `Voici vos identifiants pour accéder à votre espace client ${config.SITE_NAME} :`,
      '',
      `  Nom d'utilisateur : ${username}`,
      `  Mot de passe : ${password}`,
      '',
      `Connectez-vous sur ${config.PUBLIC_URL}/client/login`,
      '',
      'Conservez ce message en lieu sûr et ne communiquez jamais votre mot de passe.',
      'Vous avez besoin d’aide ? Répondez simplement à ce message.',
      '',
      `L’équipe ${config.SITE_NAME}`,
    ].join('\n'),
  };
}

/**
 * Sends after the data is committed and never fails the request: the credentials are also shown to staff,
 * who can read them out or regenerate them if the mail is lost.
 */
export async function sendWithoutFailing(mailer: Mailer, log: FastifyBaseLogger, mail: Mail): Promise<boolean> {
  try {
    await mailer.send(mail);
    return true;
  } catch (error) {
    log.error({ err: error, to: mail.to, subject: mail.subject }, 'mail not sent');
    return false;
  }
}
