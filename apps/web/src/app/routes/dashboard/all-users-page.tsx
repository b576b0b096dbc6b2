import { useSession } from "../../../features/auth/use-session";
import { AllUsers } from "../../../features/users/components/all-users";
import { useDocumentTitle } from "../../../lib/use-document-title";

export default function AllUsersPage() {
  useDocumentTitle("Make Admin");
  const { session } = useSession();
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        Make Admin
      </h1>
      <p className="text-base-content/80">All users. An admin can add products and manage the shop.</p>
      <AllUsers currentEmail={session.status === "signed-in" ? session.user.email : null} />
    </section>
  );
}
