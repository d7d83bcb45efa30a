#!/usr/bin/env node
// The bin stays a committed file, so installing the workspace never links a missing dist/.
await import("../dist/cli/main.js");
