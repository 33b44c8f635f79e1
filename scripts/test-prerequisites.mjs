// `npm test`'s first step: the Debian packages its suites drive, besides Postgres and NATS:
// `chromium` (the console's browser suite), `libnet-smpp-perl` (the third-party SMSC of the SMPP
// interoperability suite and the SMPP chaos scenario) and `prometheus` (promtool for the chart's
// alert rules, and a real Prometheus scraping the platform for the dashboard's queries). As root with apt-get it installs what is
// missing; otherwise it stops at once naming the one command to run, rather than letting the
// suites fail twenty minutes in.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PACKAGES = [
  { name: 'chromium', present: () => existsSync(process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') },
  { name: 'libnet-smpp-perl', present: () => spawnSync('perl', ['-MNet::SMPP', '-e', '1']).status === 0 },
  { name: 'prometheus', present: () => spawnSync('promtool', ['--version']).status === 0 },
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
