import { ClientArea } from './common/client-area.tsx';
import { AccountArea } from './common/account-area.tsx';
import { ProfileCard } from './common/profile-card.tsx';
import { PageHeading } from './common/page-heading.tsx';

/** « Mon compte » (/client/compte): the profile, the password, a copy of one's data and the request to be forgotten. */
export function AccountPage() {
  return (
    <ClientArea>
      {(user) => (
        <div className="mx-auto max-w-5xl space-y-6 px-4 py-5 sm:py-8">
          <PageHeading title="Mon compte" />
          <div className="grid items-start gap-4 lg:grid-cols-2">
            <ProfileCard user={user} />
            <AccountArea email={user.email} />
          </div>
        </div>
      )}
    </ClientArea>
  );
}
