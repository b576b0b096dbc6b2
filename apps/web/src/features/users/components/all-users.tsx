import { useInfiniteQuery } from "@tanstack/react-query";
import {
  CANNOT_REVOKE_OWN_ADMIN,
  MAKE_ADMIN_SUCCESS,
  NOT_AN_ADMIN_MESSAGE,
  REVOKE_ADMIN_SUCCESS,
  type ShopUserSummary,
  type UserRole,
} from "@toolshop/shared/users";
import { useState } from "react";
import { FilterSelect, SearchField, useListParams } from "../../../components/list-controls";
import { PagedList } from "../../../components/paged-list";
import { StatusBadge } from "../../../components/status-badge";
import { ApiRequestError } from "../../../lib/api-client";
import { notify } from "../../../lib/toast";
import { usersQueryOptions } from "../api/get-users";
import { type RoleChange, useChangeRole } from "../api/make-admin";
import { RoleChangeDialog } from "./role-change-dialog";

const CELL = "px-3 py-3 align-middle sm:px-4";

const ROLE_OPTIONS = [
  ["all", "All"],
  ["admin", "Admins"],
  ["user", "Customers"],
] as const;
type RoleOption = (typeof ROLE_OPTIONS)[number][0];

/** docs/product.md section 8: a 403 shows the spec's own sentence; other failures the server's message. */
function failureMessage(error: unknown): string {
  // A 403 for revoking one's own rights has its own sentence; any other 403 means "not an admin".
  if (error instanceof ApiRequestError && error.status === 403 && error.message !== CANNOT_REVOKE_OWN_ADMIN) {
    return NOT_AN_ADMIN_MESSAGE;
  }
  return error instanceof Error ? error.message : "Something went wrong. Please try again.";
}

/** A list refused with 403: the signed-in user is not (or no longer) an admin. */
const notAnAdmin = (error: Error) =>
  error instanceof ApiRequestError && error.status === 403 ? new Error(NOT_AN_ADMIN_MESSAGE) : error;

/**
 * docs/product.md section 2, All users: every user's email and role, with Make Admin for those not admin yet;
 * searchable by email, filtered by role, one page at a time (?q=&role= in the URL).
 */
export function AllUsers({ currentEmail }: { currentEmail: string | null }) {
  const [params, setParams] = useListParams();
  const q = params.get("q")?.trim() ?? "";
  const roleParam = params.get("role");
  const role: UserRole | null = roleParam === "admin" || roleParam === "user" ? roleParam : null;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label="Search by email"
          placeholder="Email starts with…"
          value={q}
          onSearch={(text) => setParams({ q: text || null })}
        />
        <FilterSelect<RoleOption>
          label="Role"
          value={role ?? "all"}
          options={ROLE_OPTIONS}
          onChange={(value) => setParams({ role: value === "all" ? null : value })}
        />
      </div>
      <UsersList currentEmail={currentEmail} q={q} role={role} />
    </div>
  );
}

interface UsersListProps {
  currentEmail: string | null;
  q: string;
  role: UserRole | null;
}

function UsersList({ currentEmail, q, role }: UsersListProps) {
  const users = useInfiniteQuery(usersQueryOptions({ q, role }));
  const changeRole = useChangeRole();
  const [asking, setAsking] = useState<RoleChange | null>(null);
  // An admin never revokes their own rights (the server refuses it too): no button on their own row.
  const ownEmail = currentEmail?.toLowerCase() ?? null;

  const confirm = (change: RoleChange, close: () => void) => {
    changeRole.mutate(change, {
      onSuccess: () => notify.success(change.kind === "promote" ? MAKE_ADMIN_SUCCESS : REVOKE_ADMIN_SUCCESS),
      onError: (error) => notify.error(failureMessage(error)),
      onSettled: close,
    });
  };

  const action = (user: ShopUserSummary) => {
    if (user.email.toLowerCase() === ownEmail)
      return <span className="text-sm text-base-content/70">You</span>;
    const kind = user.role === "admin" ? "revoke" : "promote";
    const changing = changeRole.isPending && changeRole.variables?.email === user.email;
    return (
      <button
        type="button"
        className={`btn btn-sm whitespace-nowrap ${kind === "promote" ? "btn-outline" : "btn-ghost text-error"}`}
        disabled={changeRole.isPending}
        onClick={() => setAsking({ kind, email: user.email })}
      >
        {changing ? "Saving…" : kind === "promote" ? "Make Admin" : "Revoke admin"}
        <span className="sr-only"> {user.email}</span>
      </button>
    );
  };

  return (
    <PagedList
      query={users}
      pageItems={(page) => page.body}
      pendingLabel="Loading users"
      errorTitle="The users could not be loaded."
      mapError={notAnAdmin}
      emptyText={q || role ? "No users match this search." : "No users yet."}
      noun={["user", "users"]}
    >
      {(list, itemProps) => (
        <div className="rounded-box border border-base-300 bg-base-100">
          {/* Phones: one stacked entry per user, the address whole on its own line. */}
          <ul className="divide-y divide-base-300 sm:hidden" aria-label="All users with their role">
            {list.map((user, index) => (
              <li key={user._id} {...itemProps(index)} className="flex flex-col gap-2 p-3">
                <span className="[overflow-wrap:anywhere]">{user.email}</span>
                <span className="flex items-center justify-between gap-2">
                  <StatusBadge kind="role" value={user.role} />
                  {action(user)}
                </span>
              </li>
            ))}
          </ul>
          <table className="hidden w-full text-left sm:table">
            <caption className="sr-only">All users with their role</caption>
            <thead className="bg-base-200/60 text-sm">
              <tr>
                <th scope="col" className={CELL}>
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
              {list.map((user, index) => (
                <tr key={user._id} {...itemProps(index)} className="border-t border-base-300">
                  <td className={`${CELL} text-base-content/70`}>{index + 1}</td>
                  <td className={`${CELL} [overflow-wrap:anywhere]`}>{user.email}</td>
                  <td className={CELL}>
                    <StatusBadge kind="role" value={user.role} />
                  </td>
                  <td className={`${CELL} text-right`}>{action(user)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {asking ? (
            <RoleChangeDialog
              change={asking}
              busy={changeRole.isPending}
              onConfirm={(close) => confirm(asking, close)}
              onClose={() => setAsking(null)}
            />
          ) : null}
        </div>
      )}
    </PagedList>
  );
}
