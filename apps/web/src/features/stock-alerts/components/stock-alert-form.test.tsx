import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { stockAlertSentences } from "@toolshop/shared/stock-alerts";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import type { Session } from "../../auth/use-session";
import { StockAlertForm } from "./stock-alert-form";

// The visitor's session as each test sets it (the identity service is not the subject here).
const current = vi.hoisted(() => ({ session: { status: "signed-out" } as Session }));
vi.mock("../../auth/use-session", () => ({
  useSession: () => ({ session: current.session, signOut: async () => {} }),
}));
const setSession = (session: Session) => {
  current.session = session;
};

const TOOL_ID = "7b0d5f0e-4d3c-4a8e-9d51-0c6a1b2c3d4e";

/** POST /api/stock-alerts answered with `answer`; every body it got. */
async function startAlertsApi(answer: { status: number; body: unknown }) {
  const bodies: unknown[] = [];
  const api = await startTestApi(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    bodies.push({ url: request.url, body: JSON.parse(Buffer.concat(chunks).toString()) });
    sendJson(response, answer.status, answer.body);
  });
  return { ...api, bodies };
}

describe("StockAlertForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    setSession({ status: "signed-out" });
  });

  it("asks a visitor for an address, checks it with the shared schema, and shows the shop's answer", async () => {
    setSession({ status: "signed-out" });
    const message = stockAlertSentences.proofMailed("vera@example.com");
    const api = await startAlertsApi({ status: 202, body: { message, proofMailed: true } });
    close = api.close;
    const user = userEvent.setup();
    render(<StockAlertForm toolId={TOOL_ID} toolName="Pliers" />);
    await user.type(screen.getByLabelText("Your email"), "not an address");
    await user.click(screen.getByRole("button", { name: "Email me" }));
    expect(await screen.findByText("Please Enter Valid Email")).toBeInTheDocument();
    expect(api.bodies).toEqual([]);

    await user.clear(screen.getByLabelText("Your email"));
    await user.type(screen.getByLabelText("Your email"), "vera@example.com");
    await user.click(screen.getByRole("button", { name: "Email me" }));
    expect((await screen.findByRole("status")).textContent).toBe(message);
    expect(api.bodies).toEqual([
      { url: "/api/stock-alerts", body: { toolId: TOOL_ID, email: "vera@example.com" } },
    ]);
  });

  it("asks a customer who proved their address nothing, and says why the shop refused", async () => {
    setSession({
      status: "signed-in",
      user: { name: "Ada", email: "ada@example.com", photoUrl: null, emailVerified: true },
    });
    const refusal = stockAlertSentences.inStock("Pliers");
    const api = await startAlertsApi({
      status: 409,
      body: { statusCode: 409, error: "Conflict", message: refusal },
    });
    close = api.close;
    const user = userEvent.setup();
    render(<StockAlertForm toolId={TOOL_ID} toolName="Pliers" />);
    expect(screen.queryByLabelText("Your email")).toBeNull();
    expect(screen.getByText("One mail to ada@example.com when Pliers is back in stock.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Email me" }));
    expect((await screen.findByRole("alert")).textContent).toBe(refusal);
    expect(api.bodies).toEqual([{ url: "/api/stock-alerts", body: { toolId: TOOL_ID } }]);
  });
});
