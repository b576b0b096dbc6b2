#!/usr/bin/env node
// `npm run dev`: the Vite dev server for apps/web and the API server reloading on change
// (`tsx watch`), side by side with prefixed output. Ctrl-C stops both; if one exits, the other is stopped.
import { spawn } from "node:child_process";
import path from "node:path";
import readline from "node:readline";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);

const processes = [
  { name: "web", color: 36, command: bin("vite"), args: [], cwd: path.join(root, "apps/web") },
  { name: "server", color: 35, command: bin("tsx"), args: ["watch", "apps/server/src/server.ts"], cwd: root },
];

let stopping = false;
const children = processes.map(start);

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => stopAll(signal));
}

function start({ name, color, command, args, cwd }) {
  const prefix = process.stdout.isTTY ? `\x1b[${color}m[${name}]\x1b[0m ` : `[${name}] `;
  // The server's output comes through a pipe: it would log JSON. A person at a terminal gets lines.
  const env = process.stdout.isTTY ? { LOG_FORMAT: "pretty", ...process.env } : process.env;
  const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env });
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on("line", (line) => console.log(prefix + line));
  }
  const gone = (reason, code) => {
    if (child.exited) return;
    child.exited = true;
    if (!stopping) {
      console.log(`${prefix}${reason}; stopping the rest`);
      process.exitCode = code || 1;
      stopAll("SIGTERM");
    }
    if (children.every((c) => c.exited)) process.exit();
  };
  child.on("error", (error) => gone(`could not start: ${error.message}`, 1));
  child.on("exit", (code, signal) => gone(`exited (${signal ?? code})`, code));
  return child;
}

function stopAll(signal) {
  stopping = true;
  for (const child of children) {
    if (!child.exited) child.kill(signal);
  }
}
