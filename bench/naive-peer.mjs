#!/usr/bin/env node
// The naive peer of the catalogue read: what a first version without any design would do, a bare
// node:http server that runs `SELECT * FROM tools` on PostgreSQL for every request and answers the
// rows as JSON (no cache, no framework). The API should serve several times as many reads.
//   node bench/naive-peer.mjs <port> <postgres url>
import { createServer } from "node:http";
import pg from "pg";

const [port, databaseUrl] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });

const server = createServer(async (request, response) => {
  if (request.url !== "/api/tools") {
    response.writeHead(404).end();
    return;
  }
  try {
    const { rows } = await pool.query("select * from tools");
    const body = JSON.stringify(rows);
    response.writeHead(200, {
      "content-type": "application/json; charset=utf-8",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  } catch {
    response.writeHead(500).end();
  }
});
server.listen(Number(port), "127.0.0.1", () => console.log("ready"));
