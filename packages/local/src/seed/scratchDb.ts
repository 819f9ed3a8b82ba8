import { copyFileSync, existsSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { ChildProcess } from "node:child_process";

/**
 * Where DynamoDB Local keeps its file while the demo is seeded on a first start.
 *
 * DynamoDB Local stores every item in SQLite and commits each one on its own, about four fsyncs
 * an item whether it came alone or in a batch of 25 (strace). The seed writes some 7,000 items, so
 * on a shared disk a first start spent most of its time waiting for fsyncs (docs/performance.md).
 * In RAM (/dev/shm) those cost nothing; once seeded, the file is moved to the data folder and
 * DynamoDB Local restarted on it, so what the developer adds later is on disk as always.
 * Where there is no /dev/shm (macOS, Windows) the seed writes to the data folder directly.
 */
const RAM = "/dev/shm";

/** A fresh folder in RAM for the seed, or null when the machine has none. */
export function ramFolder(): string | null {
  return existsSync(RAM) ? mkdtempSync(join(RAM, "xiangyu-seed-")) : null;
}

/** Whether DynamoDB Local has never written into `dir`: a first start. */
export const isEmptyFolder = (dir: string): boolean => !existsSync(dir) || readdirSync(dir).length === 0;

/** Waits for a stopped process to be gone, so its files are complete and closed. */
export function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", () => r()));
}

/**
 * Moves DynamoDB Local's files from the RAM folder into the data folder: each is copied under a
 * temporary name and renamed, so a start interrupted here leaves no half-written file, only an
 * empty folder that seeds again.
 */
export function moveFolder(from: string, to: string): void {
  for (const name of readdirSync(from)) {
    copyFileSync(join(from, name), join(to, `${name}.part`));
    renameSync(join(to, `${name}.part`), join(to, name));
  }
  rmSync(from, { recursive: true, force: true });
}
