import { ComingSoon } from "../../../components/coming-soon";

export default function AllUsersPage() {
  return (
    <ComingSoon title="Make Admin">
      <p>
        The list of all users, with their role and a Make Admin button, opens in the next release. Until then
        an administrator can grant the role with <code>npm run admin -- grant &lt;email&gt;</code>.
      </p>
    </ComingSoon>
  );
}
