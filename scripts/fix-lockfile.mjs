// Puts platform-limited optional packages back into package-lock.json.
// Why: the registry this project is built against lacks some platform builds (e.g. @next/swc-darwin-*),
// so `npm install` drops them from the lockfile and a later `npm ci` fails with "Missing: ... from lock file".
// The entries we add carry os/cpu, so npm skips them on other platforms and fetches them on theirs.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openbsd', 'netbsd', 'sunos', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'riscv64', 'ppc64', 's390x', 'loong64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OS.find((o) => parts.includes(o));
  const cpu =
    CPU.find((c) => parts.includes(c)) ??
    (parts.includes('eabi') || parts.includes('gnueabihf') ? 'arm' : undefined);
  return os && cpu ? { os, cpu } : undefined;
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const parent = path ? `${path}/node_modules/${dep}` : `node_modules/${dep}`;
    if (lock.packages[parent] || lock.packages[`node_modules/${dep}`]) continue;
    const platform = platformOf(dep);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[`node_modules/${dep}`] = {
      version,
      cpu: [platform.cpu],
      license: 'MIT',
      optional: true,
      os: [platform.os],
    };
    added++;
  }
}
if (added) {
  lock.packages = Object.fromEntries(
    Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
  );
  writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n');
}
console.log(`fix-lockfile: ${added} platform entries added`);
