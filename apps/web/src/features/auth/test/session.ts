// Tests only: a screen rendered for a signed-in customer or a visitor, without the identity service.
import { setSession } from "../session-state";

export function signInForTest(email = "ann@example.com", name = "Ann Lee"): void {
  setSession({ status: "signed-in", user: { name, email, photoUrl: null, emailVerified: true } });
}

export function signOutForTest(): void {
  setSession({ status: "signed-out" });
}
