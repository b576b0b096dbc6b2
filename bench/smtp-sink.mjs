#!/usr/bin/env node
// The mail relay of the write benchmarks: a real SMTP server (smtp-server) that accepts every mail and
// keeps only a count. A shop in production sends its mails over SMTP (SMTP_URL), not to the .eml
// outbox of a laptop, so the benchmarks measure that path; the count shows the mails did go out.
// It prints "ready <port>" once listening, and "mails <count>" when it receives SIGTERM.
//   node bench/smtp-sink.mjs
import { SMTPServer } from "smtp-server";

let mails = 0;
const sink = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, _session, callback) {
    stream.resume();
    stream.on("end", () => {
      mails++;
      callback();
    });
  },
});
const listening = sink.listen(0, "127.0.0.1", () => console.log(`ready ${listening.address().port}`));
process.on("SIGTERM", () => {
  console.log(`mails ${mails}`);
  process.exit(0);
});
