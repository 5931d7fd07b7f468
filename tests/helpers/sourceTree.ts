/** The project's TypeScript sources as the architecture tests read them. */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

export interface SourceFile {
  /** From the project's root, with forward slashes. */
  path: string;
  source: string;
}

export const ROOT = join(import.meta.dirname, "../..");

/** Every .ts/.tsx file under `folder` (node_modules and dist left out). */
export function sourceFiles(folder: string): SourceFile[] {
  const files: SourceFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (name === "node_modules" || name === "dist") continue;
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name)) files.push({ path: relative(ROOT, full).replace(/\\/g, "/"), source: readFileSync(full, "utf8") });
    }
  };
  walk(join(ROOT, folder));
  return files;
}
