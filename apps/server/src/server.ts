// The server process's entry. First the V8 settings (lib/v8-tuning.ts, decisions 0021 and 0028), then
// the shop (main.ts), loaded only once they are made: loading the packages it imports would otherwise
// come first, and that alone grew the young generation to its largest size.
import "./lib/v8-tuning";

await import("./main");
