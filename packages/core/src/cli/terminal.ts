/**
 * The `viewsets` command's terminal: questions on stdout, answers from stdin, a password typed
 * at a terminal never echoed. Piped input (a script, a test) is read line by line instead, as
 * Django's getpass falls back to stdin.
 */
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import type { CommandIO } from "./command.js";

/** Ctrl-C or the end of the input while a question waits. */
export class PromptAborted extends Error {}

function ttyPrompt(question: string, hidden: boolean): Promise<string> {
  process.stdout.write(question);
  // With echo sent nowhere, what is typed stays off the screen; readline still edits the line.
  const output = hidden ? new Writable({ write: (_chunk, _encoding, done) => done() }) : process.stdout;
  const reader = createInterface({ input: process.stdin, output, terminal: true });
  return new Promise((resolve, reject) => {
    reader.on("SIGINT", () => {
      reader.close();
      process.stdout.write("\n");
      reject(new PromptAborted("Operation cancelled."));
    });
    reader.question("", (answer) => {
      reader.close();
      if (hidden) process.stdout.write("\n");
      resolve(answer);
    });
  });
}

/** The terminal of this process. */
export function processIO(): CommandIO {
  const interactive = process.stdin.isTTY === true;
  let lines: AsyncIterator<string> | undefined;
  const piped = async (question: string) => {
    process.stdout.write(question);
    lines ??= createInterface({ input: process.stdin, terminal: false })[Symbol.asyncIterator]();
    const next = await lines.next();
    if (next.done) throw new PromptAborted("No more input.");
    return next.value;
  };
  return {
    env: process.env,
    interactive,
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    prompt: (question, options) => (interactive ? ttyPrompt(question, options?.hidden === true) : piped(question)),
  };
}
