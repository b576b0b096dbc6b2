import { Screen } from "../../../components/screen";
import { getSession, setSession } from "../../../features/auth/session-state";
import { useSession } from "../../../features/auth/use-session";
import { ProfileForm } from "../../../features/profile/components/profile-form";

/** The server has renamed the identity too; the account menu shows the new name without a reload. */
function showNewName(name: string) {
  const session = getSession();
  if (session.status === "signed-in") setSession({ ...session, user: { ...session.user, name } });
}

export default function MyProfilePage() {
  const { session } = useSession();
  return (
    <Screen title="My Profile" intro="Every field is optional. Your name is shown with your reviews.">
      {session.status === "signed-in" ? (
        <ProfileForm email={session.user.email} onNameSaved={showNewName} />
      ) : null}
    </Screen>
  );
}
