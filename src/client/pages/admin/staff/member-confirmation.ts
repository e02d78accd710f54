// What an admin confirms before it happens to a member, and what it does once confirmed.
import { STAFF_PASSWORD_LINK_HOURS } from '#shared/staff/staff-members.ts';
import { notify } from '#client/lib/notify.tsx';
import { plural } from '#client/pages/admin/common/query-state.tsx';
import { useResetMemberTwoFactor } from '#client/pages/admin/two-factor/two-factor-api.ts';
import type { Pending } from './member-row.tsx';
import { useEndMemberSessions, useSendPasswordLink, useUpdateMember } from './staff-mutations.ts';

export function useMemberConfirmation(pending: Pending) {
  const update = useUpdateMember();
  const link = useSendPasswordLink();
  const endSessions = useEndMemberSessions();
  const resetTwoFactor = useResetMemberTwoFactor();

  function confirm() {
    if (!pending || pending.kind === 'hours') return;
    const { member } = pending;
    const onError = (error: Error) => notify('error', 'Action impossible', error.message);
    if (pending.kind === 'disable') {
      update.mutate(
        { id: member.id, disabled: true },
        {
          onSuccess: () => notify('success', `${member.username} est désactivé`, 'Ses sessions sont fermées.'),
          onError,
        },
      );
    } else if (pending.kind === 'promote') {
      update.mutate(
        { id: member.id, role: 'admin' },
        {
          onSuccess: () => notify('success', `${member.username} est maintenant administrateur`),
          onError: (error) => notify('error', 'Rôle inchangé', error.message),
        },
      );
    } else if (pending.kind === 'link') {
      link.mutate(member.id, {
        onSuccess: () =>
          notify('success', 'Lien envoyé', `${member.username} choisira un nouveau mot de passe depuis l’e-mail.`),
        onError,
      });
    } else if (pending.kind === 'twoFactor') {
      resetTwoFactor.mutate(member.id, {
        onSuccess: () =>
          notify(
            'success',
            'Double authentification réinitialisée',
            `${member.username} devra la configurer de nouveau.`,
          ),
        onError,
      });
    } else {
      endSessions.mutate(member.id, {
        onSuccess: ({ ended }) => notify('success', `${plural(ended, 'session fermée', 'sessions fermées')}`),
        onError,
      });
    }
  }

  const texts =
    pending && pending.kind !== 'hours'
      ? {
          disable: {
            title: `Désactiver ${pending.member.username} ?`,
            label: 'Désactiver',
            description:
              'Il ne pourra plus se connecter et ses sessions ouvertes sont fermées tout de suite. Vous pourrez le réactiver.',
          },
          promote: {
            title: `Nommer ${pending.member.username} administrateur ?`,
            label: 'Nommer administrateur',
            description:
              'Il aura accès à tout l’espace staff : l’équipe et ses accès, les commandes, les avoirs et les chiffres, les clients et leurs données, le journal.',
          },
          link: {
            title: `Réinitialiser le mot de passe de ${pending.member.username} ?`,
            label: 'Envoyer le lien',
            description: `Son mot de passe actuel cesse de fonctionner et ses sessions sont fermées. Il reçoit à ${pending.member.email} un lien valable ${STAFF_PASSWORD_LINK_HOURS} heures.`,
          },
          sessions: {
            title: `Fermer les sessions de ${pending.member.username} ?`,
            label: 'Fermer ses sessions',
            description: 'Il devra se reconnecter sur chacun de ses appareils.',
          },
          twoFactor: {
            title: `Réinitialiser la double authentification de ${pending.member.username} ?`,
            label: 'Réinitialiser',
            description:
              'Pour un téléphone perdu ou changé : son application et ses codes de secours ne fonctionneront plus, ses sessions sont fermées. Il se reconnecte avec son mot de passe puis configure de nouveau la double authentification (tout de suite si elle est exigée pour l’équipe).',
          },
        }[pending.kind]
      : null;
  return { confirm, texts };
}
