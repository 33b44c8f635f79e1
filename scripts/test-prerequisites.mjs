// `npm test`'s first step: the two Debian packages its suites drive, besides Postgres and NATS:
// `chromium` (the console's browser suite) and `libnet-smpp-perl` (the SMPP interoperability
// suite's third-party SMSC). As root with apt-get it installs what is missing; otherwise it stops
// at once naming the one command to run, rather than letting two suites fail twenty minutes in.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { name: 'chromium', present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { name: 'libnet-smpp-perl', present: () => spawnSync('perl', ['-MNet::SMPP', '-e', '1']).status === 0 },
];

const missing = PACKAGES.filter((pkg) => !pkg.present()).map((pkg) => pkg.name);
if (missing.length > 0) {
  const command = `apt-get install -y ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  const apt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (!root || !apt) {
    console.error(`npm test needs the Debian packages ${missing.join(', ')}. Install them first:\n  sudo ${command}`);
    process.exit(1);
  }
  console.log(`npm test: installing ${missing.join(', ')} (${command})`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', ...missing], { stdio: 'inherit', env });
}
