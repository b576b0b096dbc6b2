// The log format: readable lines for a developer at a terminal, JSON lines everywhere else, with the
// same redaction in both.
import Fastify, { type FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { chooseLogFormat, type LogFormat, loggerOptions } from "./logging";

describe("chooseLogFormat", () => {
  it("is pretty on a terminal outside production", () => {
    expect(chooseLogFormat({ isTTY: true }, "development")).toBe("pretty");
    expect(chooseLogFormat({ isTTY: true }, "test")).toBe("pretty");
    // NODE_ENV unset is development (env.ts's default).
    expect(chooseLogFormat({ isTTY: true }, undefined)).toBe("pretty");
  });

  it("is JSON when stdout is not a terminal (a pipe, a file, a container log)", () => {
    expect(chooseLogFormat({}, "development")).toBe("json");
    expect(chooseLogFormat({ isTTY: false }, "development")).toBe("json");
    expect(chooseLogFormat({ isTTY: undefined }, undefined)).toBe("json");
  });

  it("is JSON in production, even on a terminal", () => {
    expect(chooseLogFormat({ isTTY: true }, "production")).toBe("json");
    expect(chooseLogFormat({}, "production")).toBe("json");
  });

  it("follows LOG_FORMAT when it says json or pretty (npm run dev's pipe says pretty)", () => {
    expect(chooseLogFormat({}, "development", "pretty")).toBe("pretty");
    expect(chooseLogFormat({ isTTY: true }, "development", "json")).toBe("json");
    expect(chooseLogFormat({ isTTY: true }, "development", "auto")).toBe("pretty");
  });
});

describe("loggerOptions", () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  async function logSecrets(format: LogFormat | undefined): Promise<string> {
    const lines: string[] = [];
    const capture = { write: (line: string) => lines.push(line) };
    app = Fastify({ logger: loggerOptions("info", capture, format) });
    await app.ready();
    app.log.info(
      {
        headers: { authorization: "Bearer sk-live-token", cookie: "session=cookie-value" },
        body: { email: "ada@example.com", password: "hunter2-password", newPassword: "new-password-2" },
      },
      "signing in",
    );
    return lines.join("");
  }

  it("writes JSON lines to a given destination by default", async () => {
    const output = await logSecrets(undefined);
    const line = JSON.parse(output.trim());
    expect(line).toMatchObject({
      level: 30,
      msg: "signing in",
      headers: { authorization: "[redacted]", cookie: "[redacted]" },
      body: { email: "ada@example.com", password: "[redacted]", newPassword: "[redacted]" },
    });
  });

  it("writes readable lines in the pretty format, redacted just the same", async () => {
    const output = await logSecrets("pretty");
    expect(() => JSON.parse(output.trim())).toThrow();
    expect(output).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: signing in\n/);
    expect(output).toContain('"authorization": "[redacted]"');
    expect(output).toContain('"email": "ada@example.com"');
    expect(output).not.toContain("\u001b["); // no colour codes outside a terminal
    for (const secret of ["sk-live-token", "cookie-value", "hunter2-password", "new-password-2"]) {
      expect(output).not.toContain(secret);
    }
  });

  it("keeps JSON when asked for it explicitly", async () => {
    const output = await logSecrets("json");
    expect(JSON.parse(output.trim())).toMatchObject({ msg: "signing in", body: { password: "[redacted]" } });
  });
});
