#!/usr/bin/env node
// The ceiling for the API read benchmark: a bare node:http server that answers the same bytes as the
// API, from memory, with nothing else on the path (no framework, no hooks, no logging).
//   node bench/ceiling-server.mjs <port> <routes.json>   routes.json: { "/api/tools": "<base64 body>", ... }
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, routesFile] = process.argv.slice(2);
const routes = new Map(
  Object.entries(JSON.parse(readFileSync(routesFile, "utf8"))).map(([url, base64]) => [
    url,
    Buffer.from(base64, "base64"),
  ]),
);

createServer((request, response) => {
  const body = routes.get(request.url);
  if (!body) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "content-length": body.length,
  });
  response.end(body);
}).listen(Number(port), "127.0.0.1", () => console.log("ready"));
