/**
 * What the instruction-counting tools share: a TypeScript entry run by Node under valgrind's
 * callgrind, counting nothing until told to (`callgrind_control -i on`), with V8 made
 * deterministic (no concurrent compiler or GC threads, fixed hash and random seeds), so that two
 * runs of one build count (nearly) the same.
 */

/**
 * valgrind's arguments for `entry` under callgrind; `INSTRUCTIONS_VALGRIND` adds options
 * (`--cache-sim=yes`), `INSTRUCTIONS_NODE` Node's (`--perf-basic-prof`: V8 writes where each
 * function's code is to /tmp/perf-<pid>.map, which names callgrind's bare JIT addresses).
 */
export function callgrindArgs(entry: string, out = "/dev/null"): string[] {
  return [
    "--tool=callgrind",
    "--instr-atstart=no",
    `--callgrind-out-file=${out}`,
    ...(process.env.INSTRUCTIONS_VALGRIND ?? "").split(" ").filter(Boolean),
    process.execPath,
    ...(process.env.INSTRUCTIONS_NODE ?? "").split(" ").filter(Boolean),
    "--predictable",
    "--hash-seed=1",
    "--random-seed=1",
    "--import",
    "tsx",
    entry,
  ];
}

/** The instructions callgrind counted, from its closing lines on stderr. */
export function collected(log: string): number | undefined {
  const found = /Collected : (\d+)/.exec(log);
  return found ? Number(found[1]) : undefined;
}
