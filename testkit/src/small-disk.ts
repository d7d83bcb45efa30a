/** A real file system that fills up: a small tmpfs mounted for a test (root only), and the filler that fills it. */
import { execFileSync } from "node:child_process";
import { closeSync, mkdtempSync, openSync, rmSync, rmdirSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inCI, skipOutsideCI } from "@viewsets/core/testing";

export interface SmallDisk {
  readonly directory: string;
  /** Writes a file until the file system says ENOSPC: every later write that needs a new block fails. */
  fill(): void;
  /** Removes the filler: the file system has room again. */
  free(): void;
  unmount(): void;
}

const FILLER = "filler";

/** Mounts a tmpfs of `megabytes` in a new directory. Throws where mounting is not allowed (not root). */
export function mountSmallDisk(megabytes: number): SmallDisk {
  const directory = mkdtempSync(join(tmpdir(), "viewsets-full-disk-"));
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", directory], { stdio: "pipe" });
  } catch (error) {
    rmdirSync(directory);
    throw error;
  }
  const filler = join(directory, FILLER);
  return {
    directory,
    fill() {
      const fd = openSync(filler, "a");
      const block = Buffer.alloc(4096, 1);
      try {
        for (;;) writeSync(fd, block);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync("umount", ["-l", directory], { stdio: "pipe" });
      rmdirSync(directory);
    },
  };
}

/**
 * Why a full-disk test cannot run here, or undefined. Mounting needs root; CI runs as root, so
 * there this is always undefined and a failed mount fails the test instead of skipping it.
 */
export function smallDiskSkipReason(): string | undefined {
  if (inCI()) return undefined;
  try {
    mountSmallDisk(1).unmount();
    return undefined;
  } catch (error) {
    return skipOutsideCI(`cannot mount a tmpfs here (${(error as Error).message.split("\n")[0]}): run as root`);
  }
}
