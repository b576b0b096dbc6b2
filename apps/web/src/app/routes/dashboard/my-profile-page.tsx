import { ComingSoon } from "../../../components/coming-soon";
import { useSession } from "../../../features/auth/use-session";

export default function MyProfilePage() {
  const { session } = useSession();
  const user = session.status === "signed-in" ? session.user : null;
  return (
    <ComingSoon title="My Profile">
      {user ? (
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
          <dt className="font-medium text-base-content">Name</dt>
          <dd className="break-all">{user.name}</dd>
          <dt className="font-medium text-base-content">Email</dt>
          <dd className="break-all">{user.email}</dd>
        </dl>
      ) : null}
      <p>
        Editing your profile (address, education, phone number, location and LinkedIn) opens in the next
        release.
      </p>
    </ComingSoon>
  );
}
