/** Files on disk as the backup and restore tests compare them. */
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Every file under `dir` with its size, by path relative to `dir`. */
export function filesOf(dir: string): Record<string, number> {
  const files: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[relative(dir, path)] = statSync(path).size;
  }
  return files;
}
