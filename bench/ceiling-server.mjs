#!/usr/bin/env node
// The ceiling for the API read benchmark: a bare node:http server that answers the same bytes as the
// API, from memory, with nothing else on the path (no framework, no hooks, no logging). "The same
// bytes" means the API's whole answer: its status, its headers as captured from the API (names,
// case and order; security headers, ETag, cache-control...) and its body. Node adds Date, Connection
// and Keep-Alive itself, as it does for the API; the keep-alive timeout is the API's.
//   node bench/ceiling-server.mjs <port> <routes.json>
//   routes.json: { "keepAliveTimeoutMs": 72000, "routes": { "/api/tools": { "status": 200,
//                  "rawHeaders": ["Name", "value", ...], "body": "<base64>" }, ... } }
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, routesFile] = process.argv.slice(2);
const { keepAliveTimeoutMs, routes: routesByUrl } = JSON.parse(readFileSync(routesFile, "utf8"));
const routes = new Map(
  Object.entries(routesByUrl).map(([url, route]) => [
    url,
    { status: route.status, rawHeaders: route.rawHeaders, body: Buffer.from(route.body, "base64") },
  ]),
);

const server = createServer((request, response) => {
  const route = routes.get(request.url);
  if (!route) {
    response.writeHead(404).end();
    return;
  }
  // A flat [name, value, name, value...] list, as Node's rawHeaders: written as captured.
  response.writeHead(route.status, route.rawHeaders);
  response.end(route.body);
});
if (keepAliveTimeoutMs) server.keepAliveTimeout = keepAliveTimeoutMs;
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
