// SMTP_URL as env.ts reads it; what nodemailer does with it is tested through the mailer
// (plugins/mail-smtp.test.ts, security/mail-relay.test.ts).
import { describe, expect, it } from "vitest";
import { parseSmtpUrl } from "./smtp-url";

describe("SMTP_URL", () => {
  it("reads the host, port, credentials and options, with defaults", () => {
    expect(parseSmtpUrl("smtps://u%40x:p%3Aw@mail.example.com")).toMatchObject({
      host: "mail.example.com",
      port: 465,
      secure: true,
      auth: { user: "u@x", pass: "p:w" },
      maxConnections: 5,
      maxWaiting: 10_000,
      keepOpen: true,
      rejectUnauthorized: true,
      // Credentials: never in clear unless the URL says requireTLS=false (issue 47).
      requireTLS: true,
      ignoreTLS: false,
    });
    expect(parseSmtpUrl("smtp://relay").requireTLS).toBe(false);
    expect(parseSmtpUrl("smtp://u:p@relay/?requireTLS=false").requireTLS).toBe(false);
    expect(
      parseSmtpUrl("smtp://[::1]:2525/?maxConnections=10&maxWaiting=50&pool=false&localAddress=::1"),
    ).toMatchObject({
      host: "::1",
      port: 2525,
      secure: false,
      maxConnections: 10,
      maxWaiting: 50,
      keepOpen: false,
      localAddress: "::1",
    });
    expect(parseSmtpUrl("smtp://relay").port).toBe(587);
  });

  it.each([
    ["an option it does not know", "smtp://relay/?proxy=http://elsewhere", /does not know: proxy/],
    ["an EHLO name with a line break", "smtp://relay/?name=a%0D%0AMAIL%20FROM", /host name/],
    ["a local address that is not an IP", "smtp://relay/?localAddress=eth0", /IP address/],
    ["a flag that is not true or false", "smtp://relay/?pool=no", /true or false/],
    ["a connection count out of range", "smtp://relay/?maxConnections=0", /whole number/],
    ["a waiting cap out of range", "smtp://relay/?maxWaiting=100001", /whole number from 1 to 100000/],
    ["a waiting cap that is not whole", "smtp://relay/?maxWaiting=1e3", /whole number/],
    ["another scheme", "http://relay", /smtp:\/\/ or smtps:\/\//],
    ["credentials with ignoreTLS and no opt-out", "smtp://u:p@relay/?ignoreTLS=true", /add requireTLS=false/],
    ["requireTLS with ignoreTLS", "smtp://relay/?requireTLS=true&ignoreTLS=true", /cannot have both/],
  ])("refuses %s", (_, url, message) => {
    expect(() => parseSmtpUrl(url)).toThrow(message);
  });
});
