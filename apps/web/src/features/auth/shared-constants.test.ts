import {
  POPUP_COMPLETE_PATH as SHARED_POPUP_COMPLETE_PATH,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "@toolshop/shared/auth";
import { describe, expect, it } from "vitest";
import { TOO_MANY_ATTEMPTS } from "./auth-errors";
import { POPUP_COMPLETE_PATH } from "./paths";

// Copies kept out of zod's way (see paths.ts and auth-errors.ts) must say what the shared contract says.
describe("the web's copies of shared account constants", () => {
  it("match @toolshop/shared/auth", () => {
    expect(POPUP_COMPLETE_PATH).toBe(SHARED_POPUP_COMPLETE_PATH);
    expect(TOO_MANY_ATTEMPTS).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
  });
});
