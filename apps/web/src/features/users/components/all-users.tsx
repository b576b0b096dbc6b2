import { useQuery } from "@tanstack/react-query";
import {
  MAKE_ADMIN_SUCCESS,
  NOT_AN_ADMIN_MESSAGE,
  roleLabel,
  type ShopUserSummary,
} from "@toolshop/shared/users";
import { LoadError } from "../../../components/load-error";
import { Spinner } from "../../../components/spinner";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { usersQueryOptions } from "../api/get-users";
import { useMakeAdmin } from "../api/make-admin";

const CELL = "px-3 py-3 align-middle sm:px-4";

/** SPEC.md section 8: a 403 shows the spec's own sentence; other failures the server's message. */
function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status === 403) return NOT_AN_ADMIN_MESSAGE;
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** SPEC.md section 2, All users: every user's email and role, with Make Admin for those not admin yet. */
export function AllUsers() {
  const users = useQuery(usersQueryOptions);
  const makeAdmin = useMakeAdmin();

  const promote = (user: ShopUserSummary) => {
    makeAdmin.mutate(user.email, {
      onSuccess: () => notify.success(MAKE_ADMIN_SUCCESS),
      onError: (error) => notify.error(failureMessage(error)),
    });
  };

  if (users.isPending) {
    return (
      <div className="grid place-items-center py-12">
        <Spinner label="Loading users" />
      </div>
    );
  }
  if (users.isError) {
    const error =
      users.error instanceof ApiRequestError && users.error.status === 403
        ? new Error(NOT_AN_ADMIN_MESSAGE)
        : users.error;
    return (
      <LoadError
        title="The users could not be loaded."
        error={error}
        onRetry={() => void users.refetch()}
        retrying={users.isRefetching}
      />
    );
  }
  if (users.data.length === 0) return <p>No users yet.</p>;

  return (
    <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
      <table className="w-full text-left">
        <caption className="sr-only">All users with their role</caption>
        <thead className="bg-base-200/60 text-sm">
          <tr>
            <th scope="col" className={`${CELL} hidden sm:table-cell`}>
              #
            </th>
            <th scope="col" className={CELL}>
              Email
            </th>
            <th scope="col" className={CELL}>
              Role
            </th>
            <th scope="col" className={CELL}>
              <span className="sr-only">Action</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data.map((user, index) => {
            const promoting = makeAdmin.isPending && makeAdmin.variables === user.email;
            return (
              <tr key={user._id} className="border-t border-base-300">
                <td className={`${CELL} hidden text-base-content/70 sm:table-cell`}>{index + 1}</td>
                <td className={`${CELL} break-all`}>{user.email}</td>
                <td className={CELL}>
                  <span className={`badge ${user.role === "admin" ? "badge-primary" : "badge-ghost"}`}>
                    {roleLabel(user.role)}
                  </span>
                </td>
                <td className={`${CELL} text-right`}>
                  {user.role === "admin" ? null : (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      disabled={makeAdmin.isPending}
                      onClick={() => promote(user)}
                    >
                      {promoting ? "Making admin…" : "Make Admin"}
                      <span className="sr-only"> {user.email}</span>
                    </button>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
