import { Screen } from "../../../components/screen";
import { useSession } from "../../../features/auth/use-session";
import { AllUsers } from "../../../features/users/components/all-users";

export default function AllUsersPage() {
  const { session } = useSession();
  return (
    <Screen title="Make Admin" intro="All users. An admin can add products and manage the shop.">
      <AllUsers currentEmail={session.status === "signed-in" ? session.user.email : null} />
    </Screen>
  );
}
