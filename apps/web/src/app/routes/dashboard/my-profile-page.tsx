import { getSession, setSession } from "../../../features/auth/session-state";
import { useSession } from "../../../features/auth/use-session";
import { ProfileForm } from "../../../features/profile/components/profile-form";
import { useDocumentTitle } from "../../../lib/use-document-title";

/** The server has renamed the identity too; the account menu shows the new name without a reload. */
function showNewName(name: string) {
  const session = getSession();
  if (session.status === "signed-in") setSession({ ...session, user: { ...session.user, name } });
}

export default function MyProfilePage() {
  useDocumentTitle("My Profile");
  const { session } = useSession();
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        My Profile
      </h1>
      <p className="text-base-content/80">Every field is optional. Your name is shown with your reviews.</p>
      {session.status === "signed-in" ? (
        <ProfileForm email={session.user.email} onNameSaved={showNewName} />
      ) : null}
    </section>
  );
}
